import { useEffect, useMemo, useRef, useState } from 'react'
import { usePage } from '@inertiajs/react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from '~/hooks/use_toast'
import { ApiError, api } from '~/lib/api'
import { normalizeCodeInput, RELOAD_AFTER_CHANGE_MS, RELOAD_AFTER_SUCCESS_MS } from '~/lib/billing'
import { isCurrentPlan } from '~/lib/plans'
import type {
  BillingMode,
  CreateSubscriptionResult,
  FinalizedSubscription,
  InvitationValidation,
  KeptPlan,
  PendingPayment,
  PublicPlan,
  SessionUser,
  SubscriptionPreview,
} from '~/types'

/** The screen the Subscription page shows. */
export type SubscriptionView =
  | { name: 'plans' }
  | ({ name: 'payment' } & PendingPayment)
  | { name: 'preview'; preview: SubscriptionPreview }
  | { name: 'complete'; planName: string }

type PlanId = PublicPlan['id']

const CLIENT_SECRET_KEY = ['/api/subscription/client-secret']

function reloadAfter(ms: number) {
  setTimeout(() => window.location.assign('/subscription'), ms)
}

/**
 * The plan change flow of the Subscription page (spec §4, §5, §8): the incomplete-subscription
 * look-up on opening, the finalize call on the way back from Stripe (`?setup_complete=true`),
 * invitation-code validation, picking a plan (current plan, code checks, preview for an
 * entitled user, otherwise creation), confirming a previewed change and keeping the current
 * plan. Failures follow the shared error rules plus the spec's toast for each call; outcomes
 * toast and reload after 1 s or 2 s as the spec says. `user` is null for a visitor (nothing is
 * fetched; the page redirects to sign-in).
 */
export function useSubscriptionFlow({
  user,
  plans,
  billingMode,
}: {
  user: SessionUser | null
  plans: PublicPlan[]
  billingMode: BillingMode
}) {
  const { url } = usePage()
  const queryClient = useQueryClient()
  const search = useMemo(() => new URLSearchParams(url.split('?')[1] ?? ''), [url])
  const setupComplete = search.get('setup_complete') === 'true'
  const preselectedId = search.get('plan')

  const [view, setView] = useState<SubscriptionView>({ name: 'plans' })
  const [code, setCode] = useState('')
  const [validation, setValidation] = useState<InvitationValidation | null>(null)
  const [previewingPlan, setPreviewingPlan] = useState<string | null>(null)

  const entitled = user?.entitled ?? false
  const currentPlanId = user?.subscription.plan.id ?? 'free'
  const currentPlan = plans.find((plan) => isCurrentPlan(plan.id, currentPlanId)) ?? plans[0]

  // An incomplete subscription is looked up on opening (spec §4); only Stripe mode has any.
  const pending = useQuery<PendingPayment>({
    queryKey: CLIENT_SECRET_KEY,
    enabled: Boolean(user) && billingMode === 'stripe' && !setupComplete,
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
    mutationFn: () => api.post<FinalizedSubscription>('/api/finalize-subscription'),
    meta: {
      errorToast: {
        title: 'Setup Error',
        description: 'There was an issue completing your subscription. Please try again.',
      },
    },
    onSuccess: (result) => {
      setView({ name: 'complete', planName: result.planName })
      toast({
        title: 'Subscription Complete!',
        description: `You are subscribed to the ${result.planName} plan.`,
      })
      queryClient.clear()
      reloadAfter(RELOAD_AFTER_SUCCESS_MS)
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
    mutationFn: (value: string) =>
      api.post<InvitationValidation>('/api/validate-invitation-code', { code: value }),
    meta: { errorToast: { title: 'Validation Error', description: 'Failed to validate code' } },
    onSuccess: (result) => {
      setValidation(result)
      if (result.valid) toast({ title: 'Valid Code', description: result.message })
      else toast({ title: 'Invalid Code', description: result.message, variant: 'destructive' })
    },
  })

  const keepPlan = useMutation({
    mutationFn: () => api.post<KeptPlan>('/api/subscription/keep-plan'),
    meta: { errorToast: { description: 'Failed to keep your current plan. Please try again.' } },
    onSuccess: (result) => {
      toast({ title: 'Plan Kept', description: result.message })
      reloadAfter(RELOAD_AFTER_SUCCESS_MS)
    },
  })

  const create = useMutation({
    mutationFn: (input: { planId: PlanId; invitationCode?: string; confirming?: boolean }) =>
      api.post<CreateSubscriptionResult>('/api/create-subscription', {
        planId: input.planId,
        ...(input.invitationCode ? { invitationCode: input.invitationCode } : {}),
      }),
    meta: {
      errorToast: (input: { confirming?: boolean }) => ({
        description: input.confirming
          ? 'Failed to process subscription change. Please try again.'
          : 'Failed to start subscription process. Please try again.',
      }),
    },
    onSuccess: (result, input) => {
      if ('changeType' in result) {
        toast({
          title: result.changeType === 'upgrade' ? 'Upgrade Successful!' : 'Downgrade Scheduled',
          description: result.message,
        })
        reloadAfter(RELOAD_AFTER_CHANGE_MS)
      } else if ('clientSecret' in result) {
        setView({
          name: 'payment',
          clientSecret: result.clientSecret,
          intentType: result.intentType,
          planId: input.planId,
        })
      } else {
        toast({ title: 'Success', description: result.message })
        reloadAfter(RELOAD_AFTER_SUCCESS_MS)
      }
    },
  })

  const preview = useMutation({
    mutationFn: (planId: PlanId) =>
      api.post<SubscriptionPreview>('/api/preview-subscription-change', { planId }),
    meta: {
      errorToast: { description: 'Failed to process subscription change. Please try again.' },
    },
    onMutate: (planId) => setPreviewingPlan(planId),
    onSettled: () => setPreviewingPlan(null),
    onSuccess: (result) => setView({ name: 'preview', preview: result }),
  })

  /** Spec §4: what picking a plan does. */
  function choose(plan: PublicPlan) {
    if (isCurrentPlan(plan.id, currentPlanId)) {
      toast({ title: 'Current Plan', description: `You are already on the ${plan.name} plan.` })
      return
    }
    const enteredCode = code.trim()
    if (enteredCode) {
      if (!validation?.valid) {
        toast({
          title: 'Invalid Code',
          description: 'Please validate your invitation code first',
          variant: 'destructive',
        })
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
    if (entitled) preview.mutate(plan.id)
    else create.mutate({ planId: plan.id })
  }

  /** Spec §5: upper-cased as typed; every edit clears the last result. */
  function changeCode(value: string) {
    setCode(normalizeCodeInput(value))
    setValidation(null)
  }

  /** Spec §5: a blank code is ignored (result cleared, no call). */
  function validateCode() {
    const trimmed = code.trim()
    if (!trimmed) {
      setValidation(null)
      return
    }
    validate.mutate(trimmed)
  }

  const checking =
    (billingMode === 'stripe' && !setupComplete && pending.isLoading) ||
    (setupComplete && !finalize.isSuccess && !finalize.isError)

  return {
    view,
    /** Back to the plan cards (from the payment or preview screen). */
    showPlans: () => setView({ name: 'plans' }),
    /** True while the opening look-up or the finalize call runs ('Checking your subscription status'). */
    checking,
    entitled,
    currentPlan,
    preselectedId,
    previewingPlan,
    /** A plan change request is on its way (disables the plan buttons). */
    busy: preview.isPending || create.isPending,
    choose,
    confirmChange: (planId: PlanId) => create.mutate({ planId, confirming: true }),
    confirming: create.isPending,
    keepPlan: () => keepPlan.mutate(),
    keepingPlan: keepPlan.isPending,
    code,
    changeCode,
    validateCode,
    validating: validate.isPending,
    validation,
  }
}
