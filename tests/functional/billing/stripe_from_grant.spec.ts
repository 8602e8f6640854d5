import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import type { ApiClient } from '@japa/api-client'
import Subscription from '#accounts/models/subscription'
import type User from '#accounts/models/user'
import { createApiKey, createUser, setPlan } from '#tests/helpers/factories'
import { deliver, monthlyLimit, signedStripeEvent, useStripeStandIn } from '#tests/helpers/billing'

function preview(client: ApiClient, user: User, planId: string) {
  return client
    .post('/api/preview-subscription-change')
    .json({ planId })
    .withCsrfToken()
    .loginAs(user)
}

function subscribe(client: ApiClient, user: User, planId: string) {
  return client.post('/api/create-subscription').json({ planId }).withCsrfToken().loginAs(user)
}

/** A Stripe-mode user on a running invitation grant of Trafficker (100k requests a month). */
async function grantUser(trialUsed: boolean) {
  const user = await createUser(trialUsed ? { trialUsedAt: DateTime.utc() } : {})
  await setPlan(user, 'trafficker', 'active', 'invitation')
  const { key } = await createApiKey(user)
  return { user, key }
}

test.group('Billing with Stripe: a paid plan from an invitation grant', (group) => {
  let stripe: Awaited<ReturnType<typeof useStripeStandIn>>
  group.setup(async () => {
    stripe = await useStripeStandIn()
    return () => stripe.stop()
  })

  test('with the trial unused, the preview says a free trial starts with nothing due, and one does', async ({
    client,
    assert,
  }) => {
    const { user, key } = await grantUser(false)

    const shown = await preview(client, user, 'agency')
    shown.assertStatus(200)
    assert.equal(shown.body().proration.amountDue, 0)
    assert.match(
      shown.body().proration.description,
      /^Your 14-day free trial of Agency starts now: no charge until .+, then \$99\.00\/month\.$/
    )

    const created = await subscribe(client, user, 'agency')
    created.assertStatus(200)
    assert.equal(created.body().intentType, 'setup')
    const row = await Subscription.findByOrFail('user_id', user.id)
    assert.equal(row.provider, 'stripe')
    assert.equal(row.status, 'trialing')
    assert.equal(await monthlyLimit(client, key), 1_000_000)
  })

  test('with the trial used, the grant stays in force until the new subscription is paid', async ({
    client,
    assert,
  }) => {
    const { user, key } = await grantUser(true)

    const shown = await preview(client, user, 'agency')
    shown.assertStatus(200)
    assert.equal(shown.body().proration.amountDue, 9900)
    assert.equal(
      shown.body().proration.description,
      'A new Agency subscription at $99.00/month starts once you pay; your Trafficker access goes on until then.'
    )

    const created = await subscribe(client, user, 'agency')
    created.assertStatus(200)
    assert.equal(created.body().intentType, 'payment')

    // Not paid yet: still the invitation's Trafficker plan, not Free.
    const row = await Subscription.findByOrFail('user_id', user.id)
    assert.equal(row.provider, 'invitation')
    assert.equal(row.status, 'active')
    assert.equal(row.planId, 'trafficker')
    assert.isString(row.pendingStripeSubscriptionId)
    assert.equal(await monthlyLimit(client, key), 100_000)

    // The page finds the payment again.
    const pending = await client.get('/api/subscription/client-secret').loginAs(user)
    pending.assertStatus(200)
    pending.assertBody({
      clientSecret: created.body().clientSecret,
      intentType: 'payment',
      planId: 'agency',
    })

    // Paid: Stripe's event hands the row to the new subscription.
    const invoice = stripe.standIn.payFirstInvoice(row.pendingStripeSubscriptionId!)
    const delivered = await deliver(client, signedStripeEvent('invoice.paid', invoice))
    delivered.assertStatus(200)
    await row.refresh()
    assert.equal(row.provider, 'stripe')
    assert.equal(row.status, 'active')
    assert.equal(row.planId, 'agency')
    assert.isNull(row.pendingStripeSubscriptionId)
    assert.isNull(row.invitationCodeId)
    assert.equal(await monthlyLimit(client, key), 1_000_000)
  })

  test('an abandoned payment leaves the grant as it was; a second attempt cancels the first', async ({
    client,
    assert,
  }) => {
    const { user, key } = await grantUser(true)

    await subscribe(client, user, 'agency')
    const row = await Subscription.findByOrFail('user_id', user.id)
    const first = row.pendingStripeSubscriptionId!
    await subscribe(client, user, 'agency')
    await row.refresh()
    const second = row.pendingStripeSubscriptionId!
    assert.notEqual(second, first)
    assert.equal(stripe.standIn.subscriptions.get(first)!.status, 'canceled')

    // Stripe expires the unpaid one after 23 hours and says so.
    stripe.standIn.expireIncomplete(second)
    const expired = stripe.standIn.subscriptions.get(second)!
    const delivered = await deliver(
      client,
      signedStripeEvent('customer.subscription.updated', expired)
    )
    delivered.assertStatus(200)
    await row.refresh()
    assert.isNull(row.pendingStripeSubscriptionId)
    assert.equal(row.provider, 'invitation')
    assert.equal(row.planId, 'trafficker')
    assert.isTrue(row.isEntitled)
    assert.equal(await monthlyLimit(client, key), 100_000)

    const pending = await client.get('/api/subscription/client-secret').loginAs(user)
    pending.assertStatus(404)
    pending.assertBodyContains({ error: { code: 'no_pending_subscription' } })
  })

  test('a pending payment gone from Stripe is cleaned up: 404 orphan_cleaned, the grant goes on', async ({
    client,
    assert,
  }) => {
    const { user } = await grantUser(true)
    await subscribe(client, user, 'agency')
    const row = await Subscription.findByOrFail('user_id', user.id)
    stripe.standIn.forget(row.pendingStripeSubscriptionId!)

    const response = await client.get('/api/subscription/client-secret').loginAs(user)
    response.assertStatus(404)
    assert.equal(response.body().code, 'orphan_cleaned')
    await row.refresh()
    assert.isNull(row.pendingStripeSubscriptionId)
    assert.equal(row.provider, 'invitation')
    assert.isTrue(row.isEntitled)
  })
})
