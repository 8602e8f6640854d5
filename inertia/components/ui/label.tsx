import type { ComponentPropsWithoutRef } from 'react'
import { Label as LabelPrimitive } from 'radix-ui'
import { cn } from '~/lib/utils'

export function Label({
  className,
  ...props
}: ComponentPropsWithoutRef<typeof LabelPrimitive.Root>) {
  return (
    <LabelPrimitive.Root
      className={cn('text-sm font-medium text-slate-800', className)}
      {...props}
    />
  )
}
