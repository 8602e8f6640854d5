import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import Subscription from '#accounts/models/subscription'
import { createApiKey, createUser } from '#tests/helpers/factories'
import {
  deliver,
  deliverOk,
  monthlyLimit,
  signedStripeEvent,
  useStripeStandIn,
} from '#tests/helpers/billing'
import type { StripeStandIn } from '#tests/stand_ins/stripe_server'

/** A user paying for `planId` (trial used, first invoice paid), with an API key. */
async function payingUser(client: ApiClient, standIn: StripeStandIn, planId: string) {
  const user = await createUser({ trialUsedAt: DateTime.utc() })
  const { key } = await createApiKey(user)
  await client.post('/api/create-subscription').json({ planId }).withCsrfToken().loginAs(user)
  const row = await Subscription.findByOrFail('user_id', user.id)
  const invoice = standIn.payFirstInvoice(row.stripeSubscriptionId!)
  await deliverOk(client, signedStripeEvent('invoice.paid', invoice))
  await row.refresh()
  return { user, key, row, subscriptionId: row.stripeSubscriptionId! }
}

test.group('Billing with Stripe: webhooks', (group) => {
  let stripe: Awaited<ReturnType<typeof useStripeStandIn>>
  group.setup(async () => {
    stripe = await useStripeStandIn()
    return () => stripe.stop()
  })
  group.each.teardown(() => {
    stripe.standIn.clockOffsetSeconds = 0
  })

  test('a payload with a bad signature is refused with 400 and changes nothing', async ({
    client,
    assert,
  }) => {
    const { row, subscriptionId } = await payingUser(client, stripe.standIn, 'trafficker')
    stripe.standIn.exhaustRetries(subscriptionId)
    const forged = signedStripeEvent(
      'customer.subscription.deleted',
      stripe.standIn.render(subscriptionId),
      {
        secret: 'whsec_not_the_right_one',
      }
    )
    const response = await deliver(client, forged)
    response.assertStatus(400)
    response.assertBodyContains({ error: { code: 'invalid_signature' } })

    const unsigned = await client.post('/api/stripe/webhook').unsafeJson(forged.payload)
    unsigned.assertStatus(400)

    // A valid signature over other bytes does not verify either (the raw body is what is signed).
    const genuine = signedStripeEvent(
      'customer.subscription.deleted',
      stripe.standIn.render(subscriptionId)
    )
    const tampered = await client
      .post('/api/stripe/webhook')
      .header('stripe-signature', genuine.signature)
      .unsafeJson(genuine.payload.replace('"livemode":false', '"livemode":true'))
    tampered.assertStatus(400)

    await row.refresh()
    assert.equal(row.status, 'active')
    const recorded = await db.from('stripe_webhook_events').whereIn('id', [forged.id]).first()
    assert.isNull(recorded)
  })

  test('an event delivered twice is processed once', async ({ client, assert }) => {
    const { row, subscriptionId } = await payingUser(client, stripe.standIn, 'trafficker')
    const event = signedStripeEvent(
      'customer.subscription.updated',
      stripe.standIn.render(subscriptionId)
    )
    const before = stripe.standIn.requestsTo('GET', `/v1/subscriptions/${subscriptionId}`).length

    const first = await deliver(client, event)
    first.assertStatus(200)
    first.assertBody({ received: true, duplicate: false, handled: true })
    const second = await deliver(
      client,
      signedStripeEvent('customer.subscription.updated', stripe.standIn.render(subscriptionId), {
        id: event.id,
      })
    )
    second.assertStatus(200)
    second.assertBody({ received: true, duplicate: true, handled: true })

    assert.equal(
      stripe.standIn.requestsTo('GET', `/v1/subscriptions/${subscriptionId}`).length,
      before + 1
    )
    const rows = await db.from('stripe_webhook_events').where('id', event.id)
    assert.lengthOf(rows, 1)
    await row.refresh()
    assert.equal(row.status, 'active')
  })

  test('events out of order leave the row as Stripe has it now (the subscription is re-fetched)', async ({
    client,
    assert,
  }) => {
    const { row, key, subscriptionId } = await payingUser(client, stripe.standIn, 'trafficker')
    const activeSnapshot = stripe.standIn.render(subscriptionId)

    // Stripe ends the subscription; the deletion event arrives first, the older update after it.
    stripe.standIn.exhaustRetries(subscriptionId)
    const deleted = signedStripeEvent(
      'customer.subscription.deleted',
      stripe.standIn.render(subscriptionId)
    )
    const staleUpdate = signedStripeEvent('customer.subscription.updated', activeSnapshot)
    await deliverOk(client, deleted)
    await deliverOk(client, staleUpdate)

    await row.refresh()
    assert.equal(row.status, 'canceled')
    assert.equal(await monthlyLimit(client, key), 10_000)
  })

  test('a late event about an old subscription does not undo a newer one', async ({
    client,
    assert,
  }) => {
    const {
      user,
      key,
      subscriptionId: oldId,
    } = await payingUser(client, stripe.standIn, 'trafficker')
    stripe.standIn.exhaustRetries(oldId)
    await deliverOk(
      client,
      signedStripeEvent('customer.subscription.deleted', stripe.standIn.render(oldId))
    )

    const again = await client
      .post('/api/create-subscription')
      .json({ planId: 'agency' })
      .withCsrfToken()
      .loginAs(user)
    again.assertStatus(200)
    const row = await Subscription.findByOrFail('user_id', user.id)
    const newId = row.stripeSubscriptionId!
    assert.notEqual(newId, oldId)
    const invoice = stripe.standIn.payFirstInvoice(newId)
    await deliverOk(client, signedStripeEvent('invoice.paid', invoice))

    // The old subscription's deletion is delivered again, late.
    await deliverOk(
      client,
      signedStripeEvent('customer.subscription.deleted', stripe.standIn.render(oldId))
    )
    await row.refresh()
    assert.equal(row.stripeSubscriptionId, newId)
    assert.equal(row.planId, 'agency')
    assert.equal(row.status, 'active')
    assert.equal(await monthlyLimit(client, key), 1_000_000)
  })

  test('a failed payment keeps the plan through the retries (past_due), then Free when Stripe cancels', async ({
    client,
    assert,
  }) => {
    const { row, key, subscriptionId } = await payingUser(client, stripe.standIn, 'agency')
    assert.equal(await monthlyLimit(client, key), 1_000_000)

    const failed = stripe.standIn.failRenewal(subscriptionId)
    await deliverOk(client, signedStripeEvent('invoice.payment_failed', failed))
    await row.refresh()
    assert.equal(row.status, 'past_due')
    assert.equal(await monthlyLimit(client, key), 1_000_000)

    stripe.standIn.exhaustRetries(subscriptionId)
    await deliverOk(
      client,
      signedStripeEvent('customer.subscription.deleted', stripe.standIn.render(subscriptionId))
    )
    await row.refresh()
    assert.equal(row.status, 'canceled')
    assert.equal(await monthlyLimit(client, key), 10_000)
  })

  test('trial_will_end and created events sync the row without changing the plan', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    await client
      .post('/api/create-subscription')
      .json({ planId: 'trafficker' })
      .withCsrfToken()
      .loginAs(user)
    const row = await Subscription.findByOrFail('user_id', user.id)
    const id = row.stripeSubscriptionId!
    await deliverOk(
      client,
      signedStripeEvent('customer.subscription.created', stripe.standIn.render(id))
    )
    const response = await deliver(
      client,
      signedStripeEvent('customer.subscription.trial_will_end', stripe.standIn.render(id))
    )
    response.assertBody({ received: true, duplicate: false, handled: true })
    await row.refresh()
    assert.equal(row.status, 'trialing')
    assert.equal(row.planId, 'trafficker')
  })

  test('a trial that ends without a card falls back to Free', async ({ client, assert }) => {
    const user = await createUser()
    const { key } = await createApiKey(user)
    await client
      .post('/api/create-subscription')
      .json({ planId: 'trafficker' })
      .withCsrfToken()
      .loginAs(user)
    const row = await Subscription.findByOrFail('user_id', user.id)
    assert.equal(await monthlyLimit(client, key), 100_000)

    stripe.standIn.endPeriod(row.stripeSubscriptionId!)
    await deliverOk(
      client,
      signedStripeEvent(
        'customer.subscription.deleted',
        stripe.standIn.render(row.stripeSubscriptionId!)
      )
    )
    await row.refresh()
    assert.equal(row.status, 'canceled')
    assert.equal(await monthlyLimit(client, key), 10_000)
  })

  test('event types Adrelay does not act on are acknowledged and ignored', async ({ client }) => {
    const event = signedStripeEvent(
      'invoice.paid',
      { id: 'in_other', object: 'invoice', parent: null },
      {
        eventType: 'invoice.finalized',
      }
    )
    const response = await deliver(client, event)
    response.assertStatus(200)
    response.assertBody({ received: true, duplicate: false, handled: false })
  })
})
