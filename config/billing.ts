import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { TRIAL_PERIOD_DAYS } from '#accounts/plan_catalog'

/**
 * The one place the Stripe API version is pinned. The SDK (stripe@23) is typed against this
 * version; objects in webhooks are rendered in the version set on the webhook endpoint in the
 * Stripe dashboard, which should match it (we re-fetch subscriptions through the SDK anyway).
 */
export const STRIPE_API_VERSION = '2026-10-28.endive' as const

/**
 * How plan changes are handled:
 * - `stripe`: paid through Stripe (needs STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PUBLISHABLE_KEY)
 * - `manual`: plan changes apply at once without payment (self-hosting, trying Adrelay)
 * - `off`: no self-service plan changes (invitation codes still work)
 */
export type BillingMode = 'stripe' | 'manual' | 'off'

export interface BillingConfig {
  mode: BillingMode
  stripe: {
    secretKey: string | null
    webhookSecret: string | null
    publishableKey: string | null
    /** API host/port/protocol: Stripe's by default; a compatible server (stripe-mock) otherwise. */
    host: string | null
    port: number | null
    protocol: 'http' | 'https' | null
    apiVersion: typeof STRIPE_API_VERSION
    /** Per-request timeout towards Stripe, in milliseconds. */
    timeoutMs: number
    /** SDK retries (it sends the same Idempotency-Key on each retry). */
    maxNetworkRetries: number
    /** Tolerance of webhook signatures, in seconds (Stripe's default: 300). */
    webhookToleranceSeconds: number
  }
  /** Length of the free trial on a first paid subscription, in days (spec §9). */
  trialPeriodDays: number
  /** How long a proration preview's `proration_date` is reused by the confirm, in seconds. */
  previewValiditySeconds: number
}

/** Picks the mode from BILLING_MODE, else from whether Stripe keys exist (see BillingMode). */
export function resolveBillingMode(input: {
  mode?: BillingMode
  secretKey?: string | null
  inProduction: boolean
}): BillingMode {
  if (input.mode) return input.mode
  if (input.secretKey) return 'stripe'
  return input.inProduction ? 'off' : 'manual'
}

const secretKey = env.get('STRIPE_SECRET_KEY')?.release() ?? null

const billingConfig: BillingConfig = {
  mode: resolveBillingMode({
    mode: env.get('BILLING_MODE'),
    secretKey,
    inProduction: app.inProduction,
  }),
  stripe: {
    secretKey,
    webhookSecret: env.get('STRIPE_WEBHOOK_SECRET')?.release() ?? null,
    publishableKey: env.get('STRIPE_PUBLISHABLE_KEY') ?? null,
    host: env.get('STRIPE_API_HOST') ?? null,
    port: env.get('STRIPE_API_PORT') ?? null,
    protocol: env.get('STRIPE_API_PROTOCOL') ?? null,
    apiVersion: STRIPE_API_VERSION,
    timeoutMs: 20_000,
    maxNetworkRetries: 2,
    webhookToleranceSeconds: 300,
  },
  trialPeriodDays: TRIAL_PERIOD_DAYS,
  previewValiditySeconds: 3600,
}

if (billingConfig.mode === 'stripe') {
  const missing = [
    ['STRIPE_SECRET_KEY', billingConfig.stripe.secretKey],
    ['STRIPE_WEBHOOK_SECRET', billingConfig.stripe.webhookSecret],
    ['STRIPE_PUBLISHABLE_KEY', billingConfig.stripe.publishableKey],
  ]
    .filter(([, value]) => !value)
    .map(([name]) => name)
  if (missing.length > 0) {
    throw new Error(
      `BILLING_MODE=stripe needs ${missing.join(', ')} (see README, Configuration). ` +
        'Set BILLING_MODE=manual to change plans without payment, or BILLING_MODE=off.'
    )
  }
}

export default billingConfig
