import type { ReactNode } from 'react'
import { Label } from '~/components/ui/label'
import { cn } from '~/lib/utils'

/**
 * A labelled form control: the label above the control it names. `id` is the control's id
 * (the label's `htmlFor`), so the control passed as `children` must carry the same id.
 */
export function Field({
  id,
  label,
  className,
  children,
}: {
  id: string
  label: ReactNode
  className?: string
  children: ReactNode
}) {
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  )
}
