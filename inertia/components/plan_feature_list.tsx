import { clsx } from 'clsx'
import { Check, Minus } from 'lucide-react'

/**
 * A plan card's feature lines (a check each) and limitation lines (a dash each), as the plan
 * modal, the Subscription page and the landing pricing show them. Uses clsx, not
 * tailwind-merge, so the landing page keeps its size budget.
 */
export function PlanFeatureList({
  features,
  limitations = [],
  accent = 'emerald',
  className,
}: {
  features: readonly string[]
  limitations?: readonly string[]
  /** Colour of the check marks. */
  accent?: 'emerald' | 'indigo'
  /** Classes of the list (spacing, text size). */
  className?: string
}) {
  return (
    <ul className={clsx('grid flex-1', className ?? 'mt-4 gap-2 text-sm')}>
      {features.map((feature) => (
        <li key={feature} className="flex gap-2">
          <Check
            className={clsx(
              'mt-0.5 size-4 shrink-0',
              accent === 'indigo' ? 'text-indigo-600' : 'text-emerald-600'
            )}
            aria-hidden="true"
          />
          {feature}
        </li>
      ))}
      {limitations.map((limitation) => (
        <li key={limitation} className="flex gap-2 text-slate-600">
          <Minus className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {limitation}
        </li>
      ))}
    </ul>
  )
}
