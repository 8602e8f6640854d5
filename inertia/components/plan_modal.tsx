import { useQuery } from '@tanstack/react-query'
import { router } from '@inertiajs/react'
import { Check, Minus } from 'lucide-react'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Skeleton } from '~/components/ui/skeleton'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '~/components/ui/dialog'
import { useSessionUser } from '~/hooks/use_session_user'
import { currentPlanName } from '~/lib/subscription'
import { TRIAL_TEXT, formatPrice, isCurrentPlan, planModalButtonLabel } from '~/lib/plans'
import { cn } from '~/lib/utils'
import type { PublicPlan } from '~/lib/types'

/**
 * The 'Choose Your Plan' dialog (spec §2 Plan modal): the three plans of GET /api/plans; the
 * current plan's card is disabled with 'Current Plan'; choosing another closes the dialog and
 * goes to /subscription?plan=<id>, where that plan is preselected.
 */
export function PlanModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const user = useSessionUser()
  const current = currentPlanName(user)
  const plans = useQuery<PublicPlan[]>({ queryKey: ['/api/plans'], enabled: open })

  function choose(plan: PublicPlan) {
    onOpenChange(false)
    router.visit(`/subscription?plan=${encodeURIComponent(plan.id)}`)
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-5xl">
        <DialogHeader>
          <DialogTitle>Choose Your Plan</DialogTitle>
          <DialogDescription>{TRIAL_TEXT}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-4 md:grid-cols-3">
          {plans.isPending &&
            [0, 1, 2].map((index) => <Skeleton key={index} className="h-72 rounded-xl" />)}
          {plans.isError && (
            <p role="alert" className="text-sm text-red-700 md:col-span-3">
              {plans.error.message}
            </p>
          )}
          {plans.data?.map((plan) => {
            const isCurrent = isCurrentPlan(plan.name, current)
            return (
              <section
                key={plan.id}
                aria-labelledby={`plan-modal-${plan.id}`}
                data-testid={`plan-card-${plan.id}`}
                aria-disabled={isCurrent || undefined}
                className={cn(
                  'relative flex flex-col rounded-xl border p-5',
                  plan.popular ? 'border-indigo-500 ring-1 ring-indigo-500' : 'border-slate-200',
                  isCurrent && 'bg-slate-50 opacity-80'
                )}
              >
                {plan.popular && (
                  <Badge className="absolute -top-2.5 left-1/2 -translate-x-1/2">Most Popular</Badge>
                )}
                <h3 id={`plan-modal-${plan.id}`} className="text-lg font-semibold">
                  {plan.name}
                </h3>
                <p className="mt-2">
                  <span className="text-3xl font-bold">{formatPrice(plan.price)}</span>
                  <span className="text-sm text-slate-600">/month</span>
                </p>
                <p className="mt-1 text-sm text-slate-600">
                  {plan.requestLimit.toLocaleString('en-US')} requests per month
                </p>
                <ul className="mt-4 grid flex-1 gap-2 text-sm">
                  {plan.features.map((feature) => (
                    <li key={feature} className="flex gap-2">
                      <Check className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden="true" />
                      {feature}
                    </li>
                  ))}
                  {plan.limitations.map((limitation) => (
                    <li key={limitation} className="flex gap-2 text-slate-600">
                      <Minus className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                      {limitation}
                    </li>
                  ))}
                </ul>
                <Button
                  type="button"
                  className="mt-5 w-full"
                  variant={plan.popular && !isCurrent ? 'default' : 'outline'}
                  disabled={isCurrent}
                  onClick={() => choose(plan)}
                >
                  {planModalButtonLabel(plan, current)}
                </Button>
              </section>
            )
          })}
        </div>
      </DialogContent>
    </Dialog>
  )
}
