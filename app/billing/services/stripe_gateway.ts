import Stripe from 'stripe'
import { inject } from '@adonisjs/core'
import { AppError } from '#shared/errors'
import { BillingSettings } from '#billing/services/billing_settings'

/**
 * Hands out the Stripe SDK client built from the billing settings (API version pinned in
 * config/billing.ts; host/port/protocol let a stand-in or stripe-mock replace api.stripe.com)
 * and verifies webhook signatures. The client is created on first use, so `manual` and `off`
 * modes never need a key.
 */
@inject()
export class StripeGateway {
  #client: Stripe | null = null

  constructor(private settings: BillingSettings) {}

  /**
   * The SDK client.
   * @throws AppError 503 `billing_not_configured` when no Stripe secret key is set
   */
  get client(): Stripe {
    if (this.#client) return this.#client
    const stripe = this.settings.config.stripe
    if (!stripe.secretKey) {
      throw new AppError(
        'billing_not_configured',
        'Payments are not configured on this server.',
        503
      )
    }
    this.#client = new Stripe(stripe.secretKey, {
      apiVersion: stripe.apiVersion,
      maxNetworkRetries: stripe.maxNetworkRetries,
      timeout: stripe.timeoutMs,
      appInfo: { name: 'Adrelay' },
      ...(stripe.host ? { host: stripe.host } : {}),
      ...(stripe.port ? { port: stripe.port } : {}),
      ...(stripe.protocol ? { protocol: stripe.protocol } : {}),
    })
    return this.#client
  }

  /**
   * Verifies a webhook delivery (HMAC-SHA256 over `${timestamp}.${rawBody}`, 300 s tolerance,
   * https://docs.stripe.com/webhooks#verify-events) and parses it.
   * @throws AppError 400 `invalid_signature` when the header is missing or does not match
   */
  verifyWebhook(rawBody: string, signatureHeader: string | undefined): Stripe.Event {
    const stripe = this.settings.config.stripe
    if (!stripe.webhookSecret) {
      throw new AppError(
        'billing_not_configured',
        'Stripe webhooks are not configured on this server.',
        503
      )
    }
    if (!signatureHeader) {
      throw new AppError('invalid_signature', 'Missing Stripe-Signature header.', 400)
    }
    try {
      return this.client.webhooks.constructEvent(
        rawBody,
        signatureHeader,
        stripe.webhookSecret,
        stripe.webhookToleranceSeconds
      )
    } catch {
      throw new AppError(
        'invalid_signature',
        'The Stripe signature does not match the payload.',
        400
      )
    }
  }
}

/**
 * Maps a Stripe SDK failure to an expected error:
 * - card declined / payment failed → 402 `payment_failed` with Stripe's message
 * - Stripe unreachable or rate limiting → 503 `billing_unavailable`
 * - anything else Stripe refuses → 502 `billing_provider_error`
 * Non-Stripe errors are returned unchanged.
 */
export function toBillingError(error: unknown): unknown {
  if (error instanceof AppError) return error
  if (!(error instanceof Stripe.errors.StripeError)) return error
  if (error instanceof Stripe.errors.StripeCardError) {
    return new AppError('payment_failed', error.message, 402)
  }
  if (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeRateLimitError ||
    error instanceof Stripe.errors.StripeAPIError
  ) {
    return new AppError(
      'billing_unavailable',
      'The payment provider is unavailable. Try again shortly.',
      503
    )
  }
  return new AppError('billing_provider_error', 'The payment provider refused the request.', 502, {
    providerCode: error.code ?? null,
  })
}

/** True when Stripe answered 404 (the object does not exist, e.g. deleted in the dashboard). */
export function isStripeMissing(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeError &&
    (error.statusCode === 404 || error.code === 'resource_missing')
  )
}
