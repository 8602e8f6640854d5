import { readFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import Stripe from 'stripe'
import app from '@adonisjs/core/services/app'
import type { ApiClient } from '@japa/api-client'
import billingConfig, { type BillingMode } from '#config/billing'
import { BillingSettings } from '#billing/services/billing_settings'
import { StripeGateway } from '#billing/services/stripe_gateway'
import { SyncStripeCatalog } from '#billing/actions/sync_stripe_catalog'
import { StripeStandIn } from '#tests/stand_ins/stripe_server'

export const TEST_WEBHOOK_SECRET = 'whsec_adrelay_test_secret'

/** Billing settings pointing the real SDK at the stand-in (or another mode). */
export function billingSettingsFor(mode: BillingMode, standIn?: StripeStandIn) {
  return new BillingSettings({
    ...billingConfig,
    mode,
    stripe: {
      ...billingConfig.stripe,
      secretKey: standIn ? 'sk_test_adrelay_stand_in' : null,
      webhookSecret: standIn ? TEST_WEBHOOK_SECRET : null,
      publishableKey: standIn ? 'pk_test_adrelay_stand_in' : null,
      host: standIn ? '127.0.0.1' : null,
      port: standIn ? standIn.port : null,
      protocol: standIn ? 'http' : null,
      maxNetworkRetries: 0,
    },
  })
}

/**
 * Starts a Stripe stand-in and swaps the app's billing settings and Stripe gateway for ones
 * pointed at it (BILLING_MODE=stripe), then runs billing:sync's action so prices exist.
 * Call the returned `stop` in the group teardown.
 */
export async function useStripeStandIn() {
  const standIn = new StripeStandIn()
  await standIn.start()
  const settings = billingSettingsFor('stripe', standIn)
  const gateway = new StripeGateway(settings)
  app.container.swap(BillingSettings, () => settings)
  app.container.swap(StripeGateway, () => gateway)
  await new SyncStripeCatalog(gateway).execute()
  return {
    standIn,
    settings,
    gateway,
    async stop() {
      app.container.restore(BillingSettings)
      app.container.restore(StripeGateway)
      await standIn.stop()
    },
  }
}

/** Swaps the billing settings for `manual` or `off` mode (no Stripe). */
export function useBillingMode(mode: BillingMode) {
  const settings = billingSettingsFor(mode)
  app.container.swap(BillingSettings, () => settings)
  app.container.swap(StripeGateway, () => new StripeGateway(settings))
  return () => {
    app.container.restore(BillingSettings)
    app.container.restore(StripeGateway)
  }
}

/**
 * A Stripe event from tests/fixtures/stripe/<type>.json with `data.object` replaced (as Stripe
 * would render it) and a fresh `evt_` id, plus its `Stripe-Signature` header made with the
 * SDK's own test helper. Pass `id` to resend the same event.
 */
export function signedStripeEvent(
  type: string,
  object: Record<string, unknown>,
  options: { id?: string; secret?: string; eventType?: string } = {}
) {
  const fixture = JSON.parse(
    readFileSync(new URL(`../fixtures/stripe/${type}.json`, import.meta.url), 'utf8')
  )
  fixture.id = options.id ?? `evt_${randomBytes(12).toString('hex')}`
  fixture.created = Math.floor(Date.now() / 1000)
  fixture.data.object = object
  if (options.eventType) fixture.type = options.eventType
  const payload = JSON.stringify(fixture)
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? TEST_WEBHOOK_SECRET,
  })
  return { id: fixture.id as string, payload, signature }
}

/** Delivers a signed event to the webhook endpoint as Stripe does (raw JSON body). */
export function deliver(client: ApiClient, event: { payload: string; signature: string }) {
  return client
    .post('/api/stripe/webhook')
    .header('stripe-signature', event.signature)
    .unsafeJson(event.payload)
}

/** Delivers a signed event and checks Stripe would see a 2xx. */
export async function deliverOk(client: ApiClient, event: { payload: string; signature: string }) {
  const response = await deliver(client, event)
  response.assertStatus(200)
  return response
}

/** The monthly request limit the metered API applies to `key` right now (GET /api/v1/usage). */
export async function monthlyLimit(client: ApiClient, key: string): Promise<number> {
  const response = await client.get('/api/v1/usage').bearerToken(key)
  response.assertStatus(200)
  return response.body().limit
}
