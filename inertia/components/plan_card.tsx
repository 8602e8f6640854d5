import type { HTMLAttributes, ReactNode } from 'react'
import { Badge } from '~/components/ui/badge'
import { PlanFeatureList } from '~/components/plan_feature_list'
import { formatPrice } from '~/lib/plans'
import { cn } from '~/lib/utils'
import type { PublicPlan } from '~/types'

/**
 * A plan's card as the plan modal and the Subscription page show it: 'Most Popular' badge,
 * name (with `badges` beside it), monthly price, request quota, feature list, then `children`
 * (the card's button). `heading` is the name's level in the page outline; its id is
 * `${idPrefix}-${plan.id}`, which labels the card.
 */
export function PlanCard({
  plan,
  heading: Heading = 'h2',
  idPrefix = 'plan',
  badges,
  className,
  children,
  ...attributes
}: {
  plan: PublicPlan
  heading?: 'h2' | 'h3'
  idPrefix?: string
  badges?: ReactNode
  children?: ReactNode
} & Omit<HTMLAttributes<HTMLElement>, 'children'>) {
  const headingId = `${idPrefix}-${plan.id}`
  return (
    <section
      aria-labelledby={headingId}
      data-testid={`plan-card-${plan.id}`}
      {...attributes}
      className={cn(
        'relative flex flex-col rounded-xl border p-5',
        plan.popular ? 'border-indigo-500 ring-1 ring-indigo-500' : 'border-slate-200',
        className
      )}
    >
      {plan.popular && (
        <Badge className="absolute -top-2.5 left-1/2 -translate-x-1/2">Most Popular</Badge>
      )}
      <div className="flex items-center justify-between gap-2">
        <Heading id={headingId} className="text-lg font-semibold">
          {plan.name}
        </Heading>
        {badges}
      </div>
      <p className="mt-2">
        <span className="text-3xl font-bold">{formatPrice(plan.price)}</span>
        <span className="text-sm text-slate-600">/month</span>
      </p>
      <p className="mt-1 text-sm text-slate-600">
        {plan.requestLimit.toLocaleString('en-US')} requests per month
      </p>
      <PlanFeatureList features={plan.features} limitations={plan.limitations} />
      {children}
    </section>
  )
}
