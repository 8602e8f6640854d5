import type { HTMLAttributes } from 'react'
import { cva, type VariantProps } from 'class-variance-authority'
import { cn } from '~/lib/utils'

const alertVariants = cva(
  'relative flex w-full gap-3 rounded-xl border p-4 text-sm [&>svg]:mt-0.5 [&>svg]:size-4 [&>svg]:shrink-0',
  {
    variants: {
      variant: {
        default: 'border-slate-200 bg-white text-slate-900',
        info: 'border-indigo-200 bg-indigo-50 text-indigo-950',
        warning: 'border-amber-300 bg-amber-50 text-amber-950',
        success: 'border-emerald-300 bg-emerald-50 text-emerald-950',
        destructive: 'border-red-300 bg-red-50 text-red-950',
      },
    },
    defaultVariants: { variant: 'default' },
  }
)

export function Alert({
  className,
  variant,
  ...props
}: HTMLAttributes<HTMLDivElement> & VariantProps<typeof alertVariants>) {
  return <div role="status" className={cn(alertVariants({ variant }), className)} {...props} />
}

export function AlertTitle({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  return <p className={cn('font-semibold leading-tight', className)} {...props} />
}

export function AlertDescription({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('mt-1 text-sm opacity-90', className)} {...props} />
}
