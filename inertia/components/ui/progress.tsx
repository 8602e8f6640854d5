import type { ComponentPropsWithoutRef } from 'react'
import { Progress as ProgressPrimitive } from 'radix-ui'
import { cn } from '~/lib/utils'

/** A progress bar; `value` 0-100. Give it an `aria-label` (or `aria-labelledby`). */
export function Progress({
  className,
  value,
  indicatorClassName,
  ...props
}: ComponentPropsWithoutRef<typeof ProgressPrimitive.Root> & { indicatorClassName?: string }) {
  const clamped = Math.max(0, Math.min(100, value ?? 0))
  return (
    <ProgressPrimitive.Root
      value={clamped}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-slate-200', className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        className={cn('h-full bg-indigo-600 transition-transform', indicatorClassName)}
        style={{ transform: `translateX(-${100 - clamped}%)` }}
      />
    </ProgressPrimitive.Root>
  )
}
