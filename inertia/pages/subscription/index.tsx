import type { ReactNode } from 'react'
import { Head } from '@inertiajs/react'
import { CheckCircle2, Info, Loader2 } from 'lucide-react'
import AppShell, { PageHeader } from '~/layouts/app_shell'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { ChangePreview } from '~/components/billing/change_preview'
import { InvitationCodeBox } from '~/components/billing/invitation_code_box'
import { PaymentForm } from '~/components/billing/payment_form'
import { PlanCard } from '~/components/plan_card'
import { SignInRedirect } from '~/components/page_redirect'
import { useSessionUser } from '~/hooks/use_session_user'
import { useSubscriptionFlow } from '~/hooks/use_subscription_flow'
import { isCurrentPlan, trialText } from '~/lib/plans'
import { MANUAL_MODE_TEXT, planButtonLabel } from '~/lib/billing'
import { cn } from '~/lib/utils'
import type { BillingMode, PublicPlan, SessionUser } from '~/types'

interface Props {
  plans: PublicPlan[]
  billing: { mode: BillingMode; publishableKey: string | null }
}

/** The Subscription page (spec §2 Subscription, §4 plan change flow, §5, §8). */
export default function SubscriptionPage({ plans, billing }: Props) {
  const user = useSessionUser()
  const flow = useSubscriptionFlow({ user, plans, billingMode: billing.mode })

  if (!user) return <SignInRedirect title="Subscription" />

  if (flow.checking) {
    return (
      <>
        <Head title="Subscription" />
        <div role="status" className="grid place-items-center gap-3 py-24 text-center">
          <Loader2 className="size-8 animate-spin text-indigo-600" aria-hidden="true" />
          <p className="text-lg font-medium text-slate-900">Checking your subscription status</p>
        </div>
      </>
    )
  }

  const view = flow.view
  if (view.name === 'complete') {
    return (
      <>
        <Head title="Subscription" />
        <div
          role="status"
          className="mx-auto grid max-w-md place-items-center gap-3 py-24 text-center"
        >
          <CheckCircle2 className="size-12 text-emerald-600" aria-hidden="true" />
          <h1 className="text-2xl font-semibold">Subscription Complete!</h1>
          <p className="text-slate-700">You are subscribed to the {view.planName} plan.</p>
        </div>
      </>
    )
  }

  if (view.name === 'payment') {
    const plan = plans.find((candidate) => candidate.id === view.planId)
    if (billing.publishableKey && plan) {
      return (
        <>
          <Head title="Subscription" />
          <PaymentForm
            publishableKey={billing.publishableKey}
            clientSecret={view.clientSecret}
            intentType={view.intentType}
            plan={plan}
            onBack={flow.showPlans}
          />
        </>
      )
    }
  }

  if (view.name === 'preview') {
    return (
      <>
        <Head title="Subscription" />
        <ChangePreview
          preview={view.preview}
          confirming={flow.confirming}
          onCancel={flow.showPlans}
          onConfirm={() => flow.confirmChange(view.preview.newPlan.id)}
        />
      </>
    )
  }

  const currentName = user.subscription.plan.name
  const selfService = billing.mode !== 'off'
  return (
    <>
      <Head title="Subscription" />
      <PageHeader
        title="Choose Your Plan"
        description="Pick the plan that fits how many API requests you make."
      />

      <p className="mb-4 text-sm text-slate-700" data-testid="current-plan-label">
        Current plan: <strong className="font-semibold text-slate-900">{currentName}</strong>
        <SubscriptionDetail user={user} />
      </p>
      {selfService && user.subscription.pendingChange && (
        <div className="mb-4">
          <Button variant="outline" size="sm" disabled={flow.keepingPlan} onClick={flow.keepPlan}>
            {flow.keepingPlan && <Loader2 className="animate-spin" aria-hidden="true" />}
            Keep {currentName}
          </Button>
        </div>
      )}

      {billing.mode === 'manual' && <Notice>{MANUAL_MODE_TEXT}</Notice>}
      {billing.mode === 'off' && (
        <Notice>
          Plan changes are turned off on this server. An invitation code can still unlock its plan.
        </Notice>
      )}

      <div className="grid gap-4 md:grid-cols-3">
        {plans.map((plan) => {
          const isCurrent = isCurrentPlan(plan.id, user.subscription.plan.id)
          const isSelected = plan.id === flow.preselectedId && !isCurrent
          const label = planButtonLabel({
            plan,
            currentPlan: flow.currentPlan,
            active: flow.entitled,
            previewPending: flow.previewingPlan === plan.id,
            trialAvailable: user.trialAvailable,
          })
          const showButton =
            selfService ||
            isCurrent ||
            (flow.validation?.valid && flow.validation.planId === plan.id)
          return (
            <PlanCard
              key={plan.id}
              plan={plan}
              data-selected={isSelected || undefined}
              className={cn(
                'bg-white shadow-sm',
                isSelected && 'ring-2 ring-indigo-600',
                isCurrent && 'bg-slate-50'
              )}
              badges={
                <>
                  {isCurrent && <Badge variant="success">Your plan</Badge>}
                  {isSelected && <Badge variant="outline">Selected</Badge>}
                </>
              }
            >
              {showButton && (
                <Button
                  type="button"
                  className="mt-5 w-full"
                  variant={(plan.popular || isSelected) && !isCurrent ? 'default' : 'outline'}
                  disabled={isCurrent || flow.busy}
                  autoFocus={isSelected}
                  onClick={() => flow.choose(plan)}
                >
                  {label}
                </Button>
              )}
            </PlanCard>
          )
        })}
      </div>

      <div className="mt-6">
        <InvitationCodeBox
          code={flow.code}
          pending={flow.validating}
          result={flow.validation}
          onCodeChange={flow.changeCode}
          onValidate={flow.validateCode}
        />
      </div>

      <footer className="mt-8 flex flex-col items-center gap-2 text-center text-sm text-slate-600">
        <p>{trialText(user.trialAvailable, user.subscription)}</p>
        <a
          href="mailto:sales@adrelay.io?subject=Custom%20plan"
          className="font-medium text-indigo-700 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          Need a custom plan?
        </a>
      </footer>
    </>
  )
}

function Notice({ children }: { children: ReactNode }) {
  return (
    <p
      role="note"
      className="mb-4 flex items-start gap-2 rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950"
    >
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {children}
    </p>
  )
}

/** Trial end, or the pending change at the period end, after the current plan label. */
function SubscriptionDetail({ user }: { user: SessionUser }) {
  const subscription = user.subscription
  if (subscription.plan.id === 'free') return null
  const date = (iso: string | null | undefined) =>
    iso
      ? new Date(iso).toLocaleDateString('en-US', {
          year: 'numeric',
          month: 'long',
          day: 'numeric',
          timeZone: 'UTC',
        })
      : null
  const pending = subscription.pendingChange
  if (pending) {
    const change = pending.plan.id === 'free' ? 'moves to Free' : `changes to ${pending.plan.name}`
    return (
      <>
        {' '}
        · {change} on {date(pending.at)}
      </>
    )
  }
  if (subscription.status === 'trialing' && subscription.trialEnd) {
    return <> · free trial until {date(subscription.trialEnd)}</>
  }
  if (subscription.status === 'past_due') return <> · payment overdue: update your card</>
  return null
}

SubscriptionPage.layout = (page: ReactNode) => <AppShell>{page}</AppShell>
