import { useState, type FormEvent } from 'react'
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js'
import type { Stripe } from '@stripe/stripe-js'
import { loadStripe } from '@stripe/stripe-js/pure'
import { Loader2 } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { toast } from '~/hooks/use_toast'
import { formatPrice } from '~/lib/plans'
import { RELOAD_AFTER_SUCCESS_MS } from '~/lib/billing'

/** Stripe.js is loaded only when a payment form is shown (never in manual/off mode). */
const stripePromises = new Map<string, Promise<Stripe | null>>()
function stripeFor(publishableKey: string) {
  let promise = stripePromises.get(publishableKey)
  if (!promise) {
    promise = loadStripe(publishableKey)
    stripePromises.set(publishableKey, promise)
  }
  return promise
}

interface PaymentFormProps {
  publishableKey: string
  clientSecret: string
  intentType: 'setup' | 'payment'
  plan: { name: string; price: number }
  onBack: () => void
}

/**
 * The payment screen (spec §2): 'Complete Your Subscription' with Stripe's Payment Element.
 * A SetupIntent (trial) is confirmed with `confirmSetup` and comes back to
 * /subscription?setup_complete=true (finalized there); a PaymentIntent with `confirmPayment`
 * and goes to the site origin. `redirect: 'if_required'` keeps card payments on the page, so
 * the 'Payment Method Added' / 'Payment Successful' toasts show before that navigation.
 */
export function PaymentForm(props: PaymentFormProps) {
  return (
    <Card className="mx-auto max-w-xl">
      <CardHeader>
        <CardTitle as="h2" className="text-xl">
          Complete Your Subscription
        </CardTitle>
        <CardDescription>
          Subscribe to the {props.plan.name} plan for {formatPrice(props.plan.price)}/month
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Elements
          stripe={stripeFor(props.publishableKey)}
          options={{ clientSecret: props.clientSecret, appearance: { theme: 'stripe' } }}
        >
          <ConfirmForm {...props} />
        </Elements>
      </CardContent>
    </Card>
  )
}

function ConfirmForm({ intentType, onBack }: PaymentFormProps) {
  const stripe = useStripe()
  const elements = useElements()
  const [submitting, setSubmitting] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!stripe || !elements) return
    setSubmitting(true)
    const origin = window.location.origin
    try {
      if (intentType === 'setup') {
        const returnUrl = `${origin}/subscription?setup_complete=true`
        const result = await stripe.confirmSetup({
          elements,
          confirmParams: { return_url: returnUrl },
          redirect: 'if_required',
        })
        if (result.error) {
          toast({
            title: 'Payment Failed',
            description: result.error.message,
            variant: 'destructive',
          })
          return
        }
        toast({
          title: 'Payment Method Added',
          description: 'Your card was saved for after your free trial.',
        })
        window.location.assign(returnUrl)
      } else {
        const result = await stripe.confirmPayment({
          elements,
          confirmParams: { return_url: origin },
          redirect: 'if_required',
        })
        if (result.error) {
          toast({
            title: 'Payment Failed',
            description: result.error.message,
            variant: 'destructive',
          })
          return
        }
        toast({ title: 'Payment Successful', description: 'Your subscription is active.' })
        setTimeout(() => window.location.assign(origin), RELOAD_AFTER_SUCCESS_MS)
      }
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <form onSubmit={submit} className="grid gap-5" aria-label="Payment details">
      <PaymentElement />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button type="button" variant="ghost" onClick={onBack}>
          ← Back to plans
        </Button>
        <Button type="submit" disabled={!stripe || !elements || submitting}>
          {submitting && <Loader2 className="animate-spin" aria-hidden="true" />}
          {intentType === 'setup' ? 'Save Payment Method' : 'Pay and Subscribe'}
        </Button>
      </div>
    </form>
  )
}
