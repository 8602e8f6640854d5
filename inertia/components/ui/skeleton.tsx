import type { HTMLAttributes } from 'react'
import { cn } from '~/lib/utils'

/** A loading placeholder; hidden from assistive technology (announce loading elsewhere). */
export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      aria-hidden="true"
      data-slot="skeleton"
      className={cn('animate-pulse rounded-md bg-slate-200', className)}
      {...props}
    />
  )
}
