import type { HTMLAttributes } from 'react'
import type { VariantProps } from 'class-variance-authority'
import { badgeVariants } from '~/components/ui/badge_variants'
import { cn } from '~/lib/utils'

export { badgeVariants }

export interface BadgeProps
  extends HTMLAttributes<HTMLSpanElement>, VariantProps<typeof badgeVariants> {}

export function Badge({ className, variant, ...props }: BadgeProps) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />
}
