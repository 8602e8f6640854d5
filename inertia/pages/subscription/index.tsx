import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { Head, usePage } from '@inertiajs/react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Check, CheckCircle2, Info, Loader2, Minus } from 'lucide-react'
import AppShell, { PageHeader } from '~/layouts/app_shell'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { ChangePreview } from '~/components/billing/change_preview'
import { InvitationCodeBox } from '~/components/billing/invitation_code_box'
import { PaymentForm } from '~/components/billing/payment_form'
import { toast } from '~/hooks/use_toast'
import { useSessionUser } from '~/hooks/use_session_user'
import { ApiError, api } from '~/lib/api'
import { formatPrice, isCurrentPlan } from '~/lib/plans'
import { currentPlanName, hasActiveSubscription } from '~/lib/subscription'
import { handleUnauthorized, redirectToLogin } from '~/lib/unauthorized'
import {
  FOOTER_TEXT,
  MANUAL_MODE_TEXT,
  RELOAD_AFTER_CHANGE_MS,
  RELOAD_AFTER_SUCCESS_MS,
  normalizeCodeInput,
  planButtonLabel,
  type BillingMode,
  type CreateSubscriptionResponse,
  type InvitationValidation,
  type PendingPayment,
  type SubscriptionPreview,
} from '~/lib/billing'
import { cn } from '~/lib/utils'
import type { PublicPlan } from '~/lib/types'

interface Props {
  plans: PublicPlan[]
  billing: { mode: BillingMode; publishableKey: string | null }
}

type View =
  | { name: 'plans' }
  | { name: 'payment'; clientSecret: string; intentType: 'setup' | 'payment'; planId: string }
  | { name: 'preview'; preview: SubscriptionPreview }
  | { name: 'complete'; planName: string }

const CLIENT_SECRET_KEY = ['/api/subscription/client-secret']

function reloadAfter(ms: number) {
  setTimeout(() => window.location.assign('/subscription'), ms)
}

function errorToast(error: unknown, description: string) {
  if (handleUnauthorized(error)) return
  toast({ title: 'Error', description, variant: 'destructive' })
}

/** The Subscription page (spec §2 Subscription, §4 plan change flow, §5, §8). */
export default function SubscriptionPage({ plans, billing }: Props) {
  const user = useSessionUser()
  const { url } = usePage()
  const queryClient = useQueryClient()
  const search = useMemo(() => new URLSearchParams(url.split('?')[1] ?? ''), [url])
  const setupComplete = search.get('setup_complete') === 'true'
  const preselectedId = search.get('plan')

  const [view, setView] = useState<View>({ name: 'plans' })
  const [code, setCode] = useState('')
  const [validation, setValidation] = useState<InvitationValidation | null>(null)
  const [previewingPlan, setPreviewingPlan] = useState<string | null>(null)

  useEffect(() => {
    if (!user) redirectToLogin()
  }, [user])

  const active = hasActiveSubscription(user)
  const currentName = currentPlanName(user)
  const currentPlan = plans.find((plan) => isCurrentPlan(plan.name, currentName)) ?? plans[0]

  // An incomplete subscription is looked up on opening (spec §4); only Stripe mode has any.
  const pending = useQuery<PendingPayment>({
    queryKey: CLIENT_SECRET_KEY,
    enabled: Boolean(user) && billing.mode === 'stripe' && !setupComplete,
  })
  const handledPending = useRef(false)
  useEffect(() => {
    if (handledPending.current) return
    if (pending.data) {
      handledPending.current = true
      setView({ name: 'payment', ...pending.data })
    } else if (pending.error) {
      handledPending.current = true
      const error = pending.error
      if (handleUnauthorized(error)) return
      if (error instanceof ApiError && error.status === 404 && error.code === 'orphan_cleaned') {
        toast({
          title: 'Subscription Reset',
          description: 'An unfinished subscription was cleaned up. Choose a plan to start again.',
        })
      }
    }
  }, [pending.data, pending.error])

  // Back from Stripe after the card setup: finalize once (spec §4).
  const finalize = useMutation({
    mutationFn: () => api.post<{ planName: string }>('/api/finalize-subscription'),
    onSuccess: (result) => {
      setView({ name: 'complete', planName: result.planName })
      toast({ title: 'Subscription Complete!', description: `You are subscribed to the ${result.planName} plan.` })
      queryClient.clear()
      reloadAfter(RELOAD_AFTER_SUCCESS_MS)
    },
    onError: (error) => {
      if (handleUnauthorized(error)) return
      toast({
        title: 'Setup Error',
        description: 'There was an issue completing your subscription. Please try again.',
        variant: 'destructive',
      })
    },
  })
  const finalizeStarted = useRef(false)
  useEffect(() => {
    if (user && setupComplete && !finalizeStarted.current) {
      finalizeStarted.current = true
      finalize.mutate()
    }
  }, [user, setupComplete, finalize])

  const validate = useMutation({
    mutationFn: (value: string) => api.post<InvitationValidation>('/api/validate-invitation-code', { code: value }),
    onSuccess: (result) => {
      setValidation(result)
      if (result.valid) toast({ title: 'Valid Code', description: result.message })
      else toast({ title: 'Invalid Code', description: result.message, variant: 'destructive' })
    },
    onError: (error) => {
      if (handleUnauthorized(error)) return
      toast({ title: 'Validation Error', description: 'Failed to validate code', variant: 'destructive' })
    },
  })

  function handleOutcome(result: CreateSubscriptionResponse, planId: string) {
    if (result.changeType) {
      toast({
        title: result.changeType === 'upgrade' ? 'Upgrade Successful!' : 'Downgrade Scheduled',
        description: result.message,
      })
      reloadAfter(RELOAD_AFTER_CHANGE_MS)
    } else if (result.clientSecret && result.intentType) {
      setView({ name: 'payment', clientSecret: result.clientSecret, intentType: result.intentType, planId })
    } else {
      toast({ title: 'Success', description: result.message })
      reloadAfter(RELOAD_AFTER_SUCCESS_MS)
    }
  }

  const keepPlan = useMutation({
    mutationFn: () => api.post<{ message: string }>('/api/subscription/keep-plan'),
    onSuccess: (result) => {
      toast({ title: 'Plan Kept', description: result.message })
      reloadAfter(RELOAD_AFTER_SUCCESS_MS)
    },
    onError: (error) => errorToast(error, 'Failed to keep your current plan. Please try again.'),
  })

  const create = useMutation({
    mutationFn: (input: { planId: string; invitationCode?: string; confirming?: boolean }) =>
      api.post<CreateSubscriptionResponse>('/api/create-subscription', {
        planId: input.planId,
        ...(input.invitationCode ? { invitationCode: input.invitationCode } : {}),
      }),
    onSuccess: (result, input) => handleOutcome(result, input.planId),
    onError: (error, input) =>
      errorToast(
        error,
        input.confirming
          ? 'Failed to process subscription change. Please try again.'
          : 'Failed to start subscription process. Please try again.'
      ),
  })

  const preview = useMutation({
    mutationFn: (planId: string) => api.post<SubscriptionPreview>('/api/preview-subscription-change', { planId }),
    onMutate: (planId) => setPreviewingPlan(planId),
    onSettled: () => setPreviewingPlan(null),
    onSuccess: (result) => setView({ name: 'preview', preview: result }),
    onError: (error) => errorToast(error, 'Failed to process subscription change. Please try again.'),
  })

  function choose(plan: PublicPlan) {
    if (isCurrentPlan(plan.name, currentName)) {
      toast({ title: 'Current Plan', description: `You are already on the ${plan.name} plan.` })
      return
    }
    const enteredCode = code.trim()
    if (enteredCode) {
      if (!validation?.valid) {
        toast({ title: 'Invalid Code', description: 'Please validate your invitation code first', variant: 'destructive' })
        return
      }
      if (validation.planId !== plan.id) {
        const codePlan = plans.find((candidate) => candidate.id === validation.planId)
        toast({
          title: 'Wrong Plan',
          description: `This invitation code is for the ${codePlan?.name ?? validation.planId} plan`,
          variant: 'destructive',
        })
        return
      }
      create.mutate({ planId: plan.id, invitationCode: enteredCode })
      return
    }
    if (active) preview.mutate(plan.id)
    else create.mutate({ planId: plan.id })
  }

  if (!user) {
    return (
      <>
        <Head title="Subscription" />
        <p className="flex items-center gap-2 text-slate-700" role="status">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          Redirecting to sign-in…
        </p>
      </>
    )
  }

  const checking =
    (billing.mode === 'stripe' && !setupComplete && pending.isLoading) ||
    (setupComplete && !finalize.isSuccess && !finalize.isError)
  if (checking) {
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

  if (view.name === 'complete') {
    return (
      <>
        <Head title="Subscription" />
        <div role="status" className="mx-auto grid max-w-md place-items-center gap-3 py-24 text-center">
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
            onBack={() => setView({ name: 'plans' })}
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
          confirming={create.isPending}
          onCancel={() => setView({ name: 'plans' })}
          onConfirm={() => create.mutate({ planId: view.preview.newPlan.id, confirming: true })}
        />
      </>
    )
  }

  const selfService = billing.mode !== 'off'
  return (
    <>
      <Head title="Subscription" />
      <PageHeader title="Choose Your Plan" description="Pick the plan that fits how many API requests you make." />

      <p className="mb-4 text-sm text-slate-700" data-testid="current-plan-label">
        Current plan: <strong className="font-semibold text-slate-900">{currentName}</strong>
        <SubscriptionDetail user={user} />
      </p>
      {selfService && user?.subscription?.pendingChange && (
        <div className="mb-4">
          <Button variant="outline" size="sm" disabled={keepPlan.isPending} onClick={() => keepPlan.mutate()}>
            {keepPlan.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
            Keep {currentName}
          </Button>
        </div>
      )}

      {billing.mode === 'manual' && (
        <Notice>{MANUAL_MODE_TEXT}</Notice>
      )}
      {billing.mode === 'off' && (
        <Notice>Plan changes are turned off on this server. An invitation code can still unlock its plan.</Notice>
      )}

      <div className="grid gap-4 md:grid-cols-3">
        {plans.map((plan) => {
          const isCurrent = isCurrentPlan(plan.name, currentName)
          const isSelected = plan.id === preselectedId && !isCurrent
          const label = planButtonLabel({
            plan,
            currentPlan,
            active,
            previewPending: previewingPlan === plan.id,
          })
          const showButton = selfService || isCurrent || (validation?.valid && validation.planId === plan.id)
          return (
            <PlanCard key={plan.id} plan={plan} isCurrent={isCurrent} isSelected={isSelected}>
              {showButton && (
                <Button
                  type="button"
                  className="mt-5 w-full"
                  variant={(plan.popular || isSelected) && !isCurrent ? 'default' : 'outline'}
                  disabled={isCurrent || preview.isPending || create.isPending}
                  autoFocus={isSelected}
                  onClick={() => choose(plan)}
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
          code={code}
          pending={validate.isPending}
          result={validation}
          onCodeChange={(value) => {
            setCode(normalizeCodeInput(value))
            setValidation(null)
          }}
          onValidate={() => {
            const trimmed = code.trim()
            if (!trimmed) {
              setValidation(null)
              return
            }
            validate.mutate(trimmed)
          }}
        />
      </div>

      <footer className="mt-8 flex flex-col items-center gap-2 text-center text-sm text-slate-600">
        <p>{FOOTER_TEXT}</p>
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
    <p role="note" className="mb-4 flex items-start gap-2 rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950">
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {children}
    </p>
  )
}

/** Trial end, or the pending change at the period end, after the current plan label. */
function SubscriptionDetail({ user }: { user: NonNullable<ReturnType<typeof useSessionUser>> }) {
  const subscription = user.subscription
  if (!subscription || subscription.plan.id === 'free') return null
  const date = (iso: string | null | undefined) =>
    iso ? new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }) : null
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

function PlanCard({
  plan,
  isCurrent,
  isSelected,
  children,
}: {
  plan: PublicPlan
  isCurrent: boolean
  isSelected: boolean
  children: ReactNode
}) {
  return (
    <section
      aria-labelledby={`plan-${plan.id}`}
      data-testid={`plan-card-${plan.id}`}
      data-selected={isSelected || undefined}
      className={cn(
        'relative flex flex-col rounded-xl border bg-white p-5 shadow-sm',
        plan.popular ? 'border-indigo-500 ring-1 ring-indigo-500' : 'border-slate-200',
        isSelected && 'ring-2 ring-indigo-600',
        isCurrent && 'bg-slate-50'
      )}
    >
      {plan.popular && <Badge className="absolute -top-2.5 left-1/2 -translate-x-1/2">Most Popular</Badge>}
      <div className="flex items-center justify-between gap-2">
        <h2 id={`plan-${plan.id}`} className="text-lg font-semibold">
          {plan.name}
        </h2>
        {isCurrent && <Badge variant="success">Your plan</Badge>}
        {isSelected && <Badge variant="outline">Selected</Badge>}
      </div>
      <p className="mt-2">
        <span className="text-3xl font-bold">{formatPrice(plan.price)}</span>
        <span className="text-sm text-slate-600">/month</span>
      </p>
      <p className="mt-1 text-sm text-slate-600">{plan.requestLimit.toLocaleString('en-US')} requests per month</p>
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
      {children}
    </section>
  )
}

SubscriptionPage.layout = (page: ReactNode) => <AppShell>{page}</AppShell>
