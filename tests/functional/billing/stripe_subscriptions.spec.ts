import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import type { ApiClient } from '@japa/api-client'
import Subscription from '#accounts/models/subscription'
import type User from '#accounts/models/user'
import { createApiKey, createUser } from '#tests/helpers/factories'
import { deliver, monthlyLimit, signedStripeEvent, useStripeStandIn } from '#tests/helpers/billing'
import type { StripeStandIn } from '#tests/stand_ins/stripe_server'

async function subscribe(client: ApiClient, user: User, planId: string) {
  return client.post('/api/create-subscription').json({ planId }).withCsrfToken().loginAs(user)
}

async function keepPlan(client: ApiClient, user: User) {
  return client.post('/api/subscription/keep-plan').withCsrfToken().loginAs(user)
}

/** A user on a paid plan through Stripe, past the trial (active, with a card). */
async function activeSubscriber(client: ApiClient, standIn: StripeStandIn, planId: string) {
  const user = await createUser({ trialUsedAt: DateTime.utc() })
  const created = await subscribe(client, user, planId)
  created.assertStatus(200)
  const row = await Subscription.findByOrFail('user_id', user.id)
  const invoice = standIn.payFirstInvoice(row.stripeSubscriptionId!)
  const delivered = await deliver(client, signedStripeEvent('invoice.paid', invoice))
  delivered.assertStatus(200)
  return { user, subscriptionId: row.stripeSubscriptionId! }
}

test.group('Billing with Stripe: subscriptions', (group) => {
  let stripe: Awaited<ReturnType<typeof useStripeStandIn>>
  group.setup(async () => {
    stripe = await useStripeStandIn()
    return () => stripe.stop()
  })

  test('a first paid plan starts a 14-day trial and answers the SetupIntent client secret', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const { key } = await createApiKey(user)
    assert.equal(await monthlyLimit(client, key), 10_000)

    const response = await subscribe(client, user, 'trafficker')
    response.assertStatus(200)
    assert.equal(response.body().intentType, 'setup')
    assert.match(response.body().clientSecret, /^seti_.+_secret_/)

    const created = stripe.standIn.requestsTo('POST', '/v1/subscriptions').at(-1)!
    assert.equal(created.body.trial_period_days, '14')
    assert.equal(created.body.payment_settings.save_default_payment_method, 'on_subscription')
    assert.isString(created.idempotencyKey)

    const row = await Subscription.findByOrFail('user_id', user.id)
    assert.equal(row.status, 'trialing')
    assert.equal(row.planId, 'trafficker')
    assert.equal(row.provider, 'stripe')
    assert.isNotNull(row.trialEnd)
    assert.equal(await monthlyLimit(client, key), 100_000)
  })

  test('the Stripe customer is created once per user, with an idempotency key', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    await subscribe(client, user, 'trafficker')
    await user.refresh()
    assert.match(user.stripeCustomerId!, /^cus_/)
    const creates = stripe.standIn
      .requestsTo('POST', '/v1/customers')
      .filter((r) => r.body.metadata?.user_id === String(user.id))
    assert.lengthOf(creates, 1)
    assert.equal(creates[0].idempotencyKey, `adrelay-customer-user-${user.id}`)
  })

  test('finalize after the card setup answers the plan name, sets the card as default, and is idempotent', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    await subscribe(client, user, 'agency')
    const row = await Subscription.findByOrFail('user_id', user.id)

    const early = await client.post('/api/finalize-subscription').withCsrfToken().loginAs(user)
    early.assertStatus(409)
    early.assertBodyContains({ error: { code: 'setup_incomplete' } })

    stripe.standIn.succeedSetupIntent(row.stripeSubscriptionId!, 'pm_card_mastercard')
    const first = await client.post('/api/finalize-subscription').withCsrfToken().loginAs(user)
    first.assertStatus(200)
    first.assertBody({ planName: 'Agency' })
    assert.equal(
      stripe.standIn.subscriptions.get(row.stripeSubscriptionId!)!.default_payment_method,
      'pm_card_mastercard'
    )

    const again = await client.post('/api/finalize-subscription').withCsrfToken().loginAs(user)
    again.assertStatus(200)
    again.assertBody({ planName: 'Agency' })
  })

  test('a user whose trial is used pays now: the answer is a PaymentIntent client secret', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const { key } = await createApiKey(user)
    user.trialUsedAt = DateTime.utc()
    await user.save()

    const response = await subscribe(client, user, 'trafficker')
    response.assertStatus(200)
    assert.equal(response.body().intentType, 'payment')
    assert.match(response.body().clientSecret, /^pi_.+_secret_/)
    const created = stripe.standIn.requestsTo('POST', '/v1/subscriptions').at(-1)!
    assert.isUndefined(created.body.trial_period_days)
    assert.equal(created.body.payment_behavior, 'default_incomplete')

    const row = await Subscription.findByOrFail('user_id', user.id)
    assert.equal(row.status, 'incomplete')
    assert.equal(await monthlyLimit(client, key), 10_000, 'no plan before the payment succeeds')

    // The page can pick the payment up again.
    const pending = await client.get('/api/subscription/client-secret').loginAs(user)
    pending.assertStatus(200)
    pending.assertBody({
      clientSecret: response.body().clientSecret,
      intentType: 'payment',
      planId: 'trafficker',
    })

    // Stripe.js confirms; Stripe reports the paid invoice.
    const invoice = stripe.standIn.payFirstInvoice(row.stripeSubscriptionId!)
    const event = signedStripeEvent('invoice.paid', invoice)
    const delivered = await deliver(client, event)
    delivered.assertStatus(200)
    await row.refresh()
    assert.equal(row.status, 'active')
    assert.equal(await monthlyLimit(client, key), 100_000)
  })

  test('client-secret answers 404 when nothing waits for payment details', async ({ client }) => {
    const user = await createUser()
    const response = await client.get('/api/subscription/client-secret').loginAs(user)
    response.assertStatus(404)
    response.assertBodyContains({ error: { code: 'no_pending_subscription' } })
  })

  test('a trial whose card is not added yet offers the SetupIntent again', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const created = await subscribe(client, user, 'trafficker')
    const response = await client.get('/api/subscription/client-secret').loginAs(user)
    response.assertStatus(200)
    assert.deepEqual(response.body(), {
      clientSecret: created.body().clientSecret,
      intentType: 'setup',
      planId: 'trafficker',
    })
  })

  test('an orphaned incomplete subscription ({case}) is cleaned up and answers 404 orphan_cleaned')
    .with([
      { case: 'expired at Stripe', orphan: 'expire' as const, status: 'incomplete_expired' },
      { case: 'unknown to Stripe', orphan: 'forget' as const, status: 'canceled' },
    ])
    .run(async ({ client, assert }, { orphan, status }) => {
      const user = await createUser({ trialUsedAt: DateTime.utc() })
      await subscribe(client, user, 'agency')
      const row = await Subscription.findByOrFail('user_id', user.id)
      if (orphan === 'expire') stripe.standIn.expireIncomplete(row.stripeSubscriptionId!)
      else stripe.standIn.forget(row.stripeSubscriptionId!)

      const response = await client.get('/api/subscription/client-secret').loginAs(user)
      response.assertStatus(404)
      assert.equal(response.body().code, 'orphan_cleaned')
      await row.refresh()
      assert.equal(row.status, status)

      const afterwards = await client.get('/api/subscription/client-secret').loginAs(user)
      afterwards.assertStatus(404)
      afterwards.assertBodyContains({ error: { code: 'no_pending_subscription' } })
    })

  test('an upgrade is charged exactly what the preview showed, and raises the quota at once', async ({
    client,
    assert,
  }) => {
    const { user, subscriptionId } = await activeSubscriber(client, stripe.standIn, 'trafficker')
    const { key } = await createApiKey(user)
    assert.equal(await monthlyLimit(client, key), 100_000)

    const preview = await client
      .post('/api/preview-subscription-change')
      .json({ planId: 'agency' })
      .withCsrfToken()
      .loginAs(user)
    preview.assertStatus(200)
    const body = preview.body()
    assert.containsSubset(body, {
      currentPlan: { id: 'trafficker', name: 'Trafficker' },
      newPlan: { id: 'agency', name: 'Agency' },
      changeType: 'upgrade',
      isUpgrade: true,
      proration: { currency: 'usd' },
    })
    assert.isAbove(
      body.proration.amountDue,
      6900,
      'almost a whole month of the price difference is due'
    )
    assert.isAtMost(body.proration.amountDue, 7000)
    assert.include(body.proration.description, `$${(body.proration.amountDue / 100).toFixed(2)}`)
    const previewRequest = stripe.standIn.requestsTo('POST', '/v1/invoices/create_preview').at(-1)!
    const prorationDate = previewRequest.body.subscription_details.proration_date

    // Time passes at Stripe before the user confirms: without the preview's proration_date the
    // charge would be a third lower.
    stripe.standIn.clockOffsetSeconds += 10 * 86_400

    const confirm = await subscribe(client, user, 'agency')
    confirm.assertStatus(200)
    confirm.assertBody({ changeType: 'upgrade', message: 'You are now on the Agency plan.' })

    const update = stripe.standIn.requestsTo('POST', `/v1/subscriptions/${subscriptionId}`).at(-1)!
    assert.equal(update.body.proration_date, prorationDate)
    assert.equal(update.body.proration_behavior, 'always_invoice')
    const charged = stripe.standIn.invoiceObject(
      stripe.standIn.subscriptions.get(subscriptionId)!.latest_invoice
    )
    assert.equal(charged.amount_due, body.proration.amountDue)

    const row = await Subscription.findByOrFail('user_id', user.id)
    assert.equal(row.planId, 'agency')
    assert.equal(await monthlyLimit(client, key), 1_000_000)
    stripe.standIn.clockOffsetSeconds = 0
  })

  test('a declined upgrade charge keeps the current plan and answers 402 payment_failed', async ({
    client,
    assert,
  }) => {
    const { user } = await activeSubscriber(client, stripe.standIn, 'trafficker')
    stripe.standIn.declineCharges = true
    try {
      const response = await subscribe(client, user, 'agency')
      response.assertStatus(402)
      response.assertBodyContains({
        error: { code: 'payment_failed', message: 'Your card was declined.' },
      })
    } finally {
      stripe.standIn.declineCharges = false
    }
    const row = await Subscription.findByOrFail('user_id', user.id)
    assert.equal(row.planId, 'trafficker')
  })

  test('a downgrade is scheduled for the period end and applied when Stripe switches phases', async ({
    client,
    assert,
  }) => {
    const { user, subscriptionId } = await activeSubscriber(client, stripe.standIn, 'agency')
    const { key } = await createApiKey(user)

    const preview = await client
      .post('/api/preview-subscription-change')
      .json({ planId: 'trafficker' })
      .withCsrfToken()
      .loginAs(user)
    preview.assertStatus(200)
    assert.containsSubset(preview.body(), {
      changeType: 'downgrade',
      isUpgrade: false,
      proration: { amountDue: 0 },
    })
    const periodEnd = stripe.standIn.subscriptions.get(subscriptionId)!.items[0].current_period_end
    assert.equal(new Date(preview.body().effectiveDate).getTime(), periodEnd * 1000)

    const response = await subscribe(client, user, 'trafficker')
    response.assertStatus(200)
    assert.equal(response.body().changeType, 'downgrade')
    assert.match(response.body().message, /^Your plan changes to Trafficker on /)

    const row = await Subscription.findByOrFail('user_id', user.id)
    assert.equal(row.planId, 'agency', 'the paid plan is kept until the period ends')
    assert.equal(row.pendingPlanId, 'trafficker')
    assert.match(row.stripeScheduleId!, /^sub_sched_/)
    const schedule = stripe.standIn.schedules.get(row.stripeScheduleId!)!
    assert.lengthOf(schedule.phases, 2)
    assert.equal(stripe.standIn.prices.get(schedule.phases[1].items[0].price)!.unit_amount, 2900)
    assert.isEmpty(
      stripe.standIn
        .requestsTo('POST', `/v1/subscriptions/${subscriptionId}`)
        .filter((r) => r.body.items)
    )
    assert.equal(await monthlyLimit(client, key), 1_000_000)

    stripe.standIn.endPeriod(subscriptionId)
    const event = signedStripeEvent(
      'customer.subscription.updated',
      stripe.standIn.render(subscriptionId)
    )
    const delivered = await deliver(client, event)
    delivered.assertStatus(200)

    await row.refresh()
    assert.equal(row.planId, 'trafficker')
    assert.isNull(row.pendingPlanId)
    assert.equal(await monthlyLimit(client, key), 100_000)
    stripe.standIn.clockOffsetSeconds = 0
  })

  test('moving to Free after a scheduled downgrade releases the schedule and cancels at the period end', async ({
    client,
    assert,
  }) => {
    const { user, subscriptionId } = await activeSubscriber(client, stripe.standIn, 'agency')
    await subscribe(client, user, 'trafficker')
    const scheduled = await Subscription.findByOrFail('user_id', user.id)
    const scheduleId = scheduled.stripeScheduleId!

    const response = await subscribe(client, user, 'free')
    response.assertStatus(200)
    assert.equal(stripe.standIn.schedules.get(scheduleId)!.status, 'released')
    assert.isTrue(stripe.standIn.subscriptions.get(subscriptionId)!.cancel_at_period_end)
    const row = await Subscription.findByOrFail('user_id', user.id)
    assert.equal(row.pendingPlanId, 'free')
    assert.isNull(row.stripeScheduleId)
  })

  test('an upgrade after moving to Free keeps the subscription going on the new plan', async ({
    client,
    assert,
  }) => {
    const { user, subscriptionId } = await activeSubscriber(client, stripe.standIn, 'trafficker')
    await subscribe(client, user, 'free')
    const response = await subscribe(client, user, 'agency')
    response.assertStatus(200)
    assert.equal(response.body().changeType, 'upgrade')
    assert.isFalse(stripe.standIn.subscriptions.get(subscriptionId)!.cancel_at_period_end)
    const row = await Subscription.findByOrFail('user_id', user.id)
    assert.equal(row.planId, 'agency')
    assert.isNull(row.pendingPlanId)
    assert.isFalse(row.cancelAtPeriodEnd)
  })

  test('moving to Free cancels at the period end; the quota drops when Stripe ends the subscription', async ({
    client,
    assert,
  }) => {
    const { user, subscriptionId } = await activeSubscriber(client, stripe.standIn, 'trafficker')
    const { key } = await createApiKey(user)

    const preview = await client
      .post('/api/preview-subscription-change')
      .json({ planId: 'free' })
      .withCsrfToken()
      .loginAs(user)
    preview.assertStatus(200)
    assert.containsSubset(preview.body(), {
      changeType: 'downgrade',
      newPlan: { id: 'free' },
      proration: { amountDue: 0 },
    })

    const response = await subscribe(client, user, 'free')
    response.assertStatus(200)
    assert.equal(response.body().changeType, 'downgrade')
    assert.isTrue(stripe.standIn.subscriptions.get(subscriptionId)!.cancel_at_period_end)
    const row = await Subscription.findByOrFail('user_id', user.id)
    assert.isTrue(row.cancelAtPeriodEnd)
    assert.equal(row.pendingPlanId, 'free')
    assert.equal(await monthlyLimit(client, key), 100_000)

    stripe.standIn.endPeriod(subscriptionId)
    const event = signedStripeEvent(
      'customer.subscription.deleted',
      stripe.standIn.render(subscriptionId)
    )
    const delivered = await deliver(client, event)
    delivered.assertStatus(200)
    await row.refresh()
    assert.equal(row.status, 'canceled')
    assert.equal(await monthlyLimit(client, key), 10_000)
    stripe.standIn.clockOffsetSeconds = 0

    const me = await client.get('/api/auth/user').loginAs(user)
    assert.equal(me.body().subscription.plan.name, 'Free')
  })

  test('keeping the current plan cancels a scheduled downgrade: the schedule is released and the plan renews', async ({
    client,
    assert,
  }) => {
    const { user, subscriptionId } = await activeSubscriber(client, stripe.standIn, 'agency')
    const { key } = await createApiKey(user)
    await subscribe(client, user, 'trafficker')
    const scheduleId = (await Subscription.findByOrFail('user_id', user.id)).stripeScheduleId!
    const periodEnd = stripe.standIn.subscriptions.get(subscriptionId)!.items[0].current_period_end

    const before = await client.get('/api/auth/user').loginAs(user)
    const pending = before.body().subscription.pendingChange
    assert.deepEqual(pending.plan, { id: 'trafficker', name: 'Trafficker' })
    assert.equal(new Date(pending.at).getTime(), periodEnd * 1000)

    const response = await keepPlan(client, user)
    response.assertStatus(200)
    assert.match(response.body().message, /^You keep the Agency plan\. It renews on /)
    assert.equal(stripe.standIn.schedules.get(scheduleId)!.status, 'released')
    const row = await Subscription.findByOrFail('user_id', user.id)
    assert.equal(row.planId, 'agency')
    assert.isNull(row.pendingPlanId)
    assert.isNull(row.stripeScheduleId)
    const after = await client.get('/api/auth/user').loginAs(user)
    assert.isNull(after.body().subscription.pendingChange)
    assert.equal(after.body().subscription.plan.id, 'agency')
    assert.equal(await monthlyLimit(client, key), 1_000_000)

    // When the period ends, Stripe renews Agency: nothing switches to Trafficker.
    stripe.standIn.endPeriod(subscriptionId)
    const delivered = await deliver(
      client,
      signedStripeEvent('customer.subscription.updated', stripe.standIn.render(subscriptionId))
    )
    delivered.assertStatus(200)
    await row.refresh()
    assert.equal(row.planId, 'agency')
    stripe.standIn.clockOffsetSeconds = 0
  })

  test('keeping the current plan after moving to Free stops the cancellation at the period end', async ({
    client,
    assert,
  }) => {
    const { user, subscriptionId } = await activeSubscriber(client, stripe.standIn, 'trafficker')
    await subscribe(client, user, 'free')
    assert.isTrue(stripe.standIn.subscriptions.get(subscriptionId)!.cancel_at_period_end)

    const response = await keepPlan(client, user)
    response.assertStatus(200)
    assert.match(response.body().message, /^You keep the Trafficker plan\./)
    assert.isFalse(stripe.standIn.subscriptions.get(subscriptionId)!.cancel_at_period_end)
    const row = await Subscription.findByOrFail('user_id', user.id)
    assert.isFalse(row.cancelAtPeriodEnd)
    assert.isNull(row.pendingPlanId)
    const me = await client.get('/api/auth/user').loginAs(user)
    assert.isFalse(me.body().subscription.cancelAtPeriodEnd)
    assert.isNull(me.body().subscription.pendingChange)
  })

  test('keeping the plan with no change scheduled answers 409 no_scheduled_change', async ({
    client,
  }) => {
    const { user } = await activeSubscriber(client, stripe.standIn, 'trafficker')
    const running = await keepPlan(client, user)
    running.assertStatus(409)
    running.assertBodyContains({ error: { code: 'no_scheduled_change' } })

    const free = await keepPlan(client, await createUser())
    free.assertStatus(409)
    free.assertBodyContains({ error: { code: 'no_scheduled_change' } })
  })

  test('picking the current plan answers 409 already_on_plan', async ({ client }) => {
    const user = await createUser()
    const response = await subscribe(client, user, 'free')
    response.assertStatus(409)
    response.assertBodyContains({ error: { code: 'already_on_plan' } })
  })

  test('an unknown plan id is refused with 422', async ({ client }) => {
    const user = await createUser()
    const response = await subscribe(client, user, 'platinum')
    response.assertStatus(422)
    response.assertBodyContains({ error: { code: 'validation_failed' } })
  })

  test('billing endpoints need a signed-in user and the CSRF token', async ({ client }) => {
    const anonymous = await client
      .post('/api/create-subscription')
      .json({ planId: 'agency' })
      .withCsrfToken()
    anonymous.assertStatus(401)
    anonymous.assertBody({ message: 'Unauthorized' })
    const anonymousRead = await client.get('/api/subscription/client-secret')
    anonymousRead.assertStatus(401)
    const user = await createUser()
    const noCsrf = await client
      .post('/api/create-subscription')
      .json({ planId: 'agency' })
      .loginAs(user)
    noCsrf.assertStatus(403)
    const anonymousKeep = await client.post('/api/subscription/keep-plan').withCsrfToken()
    anonymousKeep.assertStatus(401)
    const keepWithoutCsrf = await client.post('/api/subscription/keep-plan').loginAs(user)
    keepWithoutCsrf.assertStatus(403)
  })
})
