import { useQuery } from '@tanstack/react-query'
import { router } from '@inertiajs/react'
import { Button } from '~/components/ui/button'
import { Skeleton } from '~/components/ui/skeleton'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog'
import { PlanCard } from '~/components/plan_card'
import { useSessionUser } from '~/hooks/use_session_user'
import { isCurrentPlan, planModalButtonLabel, trialText } from '~/lib/plans'
import { cn } from '~/lib/utils'
import type { PublicPlan } from '~/types'

/**
 * The 'Choose Your Plan' dialog (spec §2 Plan modal): the three plans of GET /api/plans; the
 * current plan's card (by plan id) is disabled with 'Current Plan'; choosing another closes
 * the dialog and goes to /subscription?plan=<id>, where that plan is preselected.
 */
export function PlanModal({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const user = useSessionUser()
  const current = user?.subscription.plan.id ?? 'free'
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
          <DialogDescription>
            {trialText(user?.trialAvailable, user?.subscription)}
          </DialogDescription>
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
            const isCurrent = isCurrentPlan(plan.id, current)
            return (
              <PlanCard
                key={plan.id}
                plan={plan}
                heading="h3"
                idPrefix="plan-modal"
                aria-disabled={isCurrent || undefined}
                className={cn(isCurrent && 'bg-slate-50 opacity-80')}
              >
                <Button
                  type="button"
                  className="mt-5 w-full"
                  variant={plan.popular && !isCurrent ? 'default' : 'outline'}
                  disabled={isCurrent}
                  onClick={() => choose(plan)}
                >
                  {planModalButtonLabel(plan, current, user?.trialAvailable)}
                </Button>
              </PlanCard>
            )
          })}
        </div>
      </DialogContent>
    </Dialog>
  )
}
