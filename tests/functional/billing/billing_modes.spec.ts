import { DateTime } from 'luxon'
import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import Plan from '#accounts/models/plan'
import Subscription from '#accounts/models/subscription'
import { resolveBillingMode } from '#config/billing'
import { createApiKey, createUser, setPlan } from '#tests/helpers/factories'
import { monthlyLimit, useBillingMode, useStripeStandIn } from '#tests/helpers/billing'
import { inertiaVersion } from '#tests/helpers/inertia'

test.group('Billing: manual mode (no Stripe keys)', (group) => {
  group.setup(() => useBillingMode('manual'))

  test('the default without STRIPE_SECRET_KEY is manual outside production, off in production', ({
    assert,
  }) => {
    assert.equal(resolveBillingMode({ inProduction: false }), 'manual')
    assert.equal(resolveBillingMode({ inProduction: true }), 'off')
    assert.equal(resolveBillingMode({ secretKey: 'sk_live_x', inProduction: true }), 'stripe')
    assert.equal(
      resolveBillingMode({ mode: 'off', secretKey: 'sk_live_x', inProduction: false }),
      'off'
    )
  })

  test('a Free user choosing a paid plan starts a real 14-day trial, once', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const { key } = await createApiKey(user)
    assert.equal(await monthlyLimit(client, key), 10_000)

    const response = await client
      .post('/api/create-subscription')
      .json({ planId: 'agency' })
      .withCsrfToken()
      .loginAs(user)
    response.assertStatus(200)
    const row = await Subscription.findByOrFail('user_id', user.id)
    assert.containsSubset(row.serialize(), {
      planId: 'agency',
      status: 'trialing',
      provider: 'manual',
    })
    const days = row.trialEnd!.diff(DateTime.utc(), 'days').days
    assert.isAbove(days, 13.99)
    assert.isAtMost(days, 14)
    assert.equal(row.currentPeriodEnd!.toMillis(), row.trialEnd!.toMillis())
    assert.deepEqual(response.body(), {
      message: `Your 14-day free trial of the Agency plan has started. It ends on ${row.trialEnd!.toFormat('LLLL d, yyyy')}. Billing is in manual mode: plan changes apply immediately without payment.`,
    })
    await user.refresh()
    assert.isNotNull(user.trialUsedAt)
    assert.equal(await monthlyLimit(client, key), 1_000_000)
    const me = await client.get('/api/auth/user').loginAs(user)
    assert.containsSubset(me.body(), {
      entitled: true,
      subscription: { status: 'trialing', trialEnd: row.trialEnd!.toISO(), plan: { id: 'agency' } },
    })

    // Back on Free, the trial is not offered again: the plan starts active.
    await client
      .post('/api/create-subscription')
      .json({ planId: 'free' })
      .withCsrfToken()
      .loginAs(user)
    await client
      .post('/api/create-subscription')
      .json({ planId: 'trafficker' })
      .withCsrfToken()
      .loginAs(user)
    await row.refresh()
    assert.containsSubset(row.serialize(), {
      planId: 'trafficker',
      status: 'active',
      trialEnd: null,
    })
  })

  test('a manual trial ends on time: past its end the user is on Free everywhere', async ({
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
    // The clock passes the trial end (the rule itself is tested with a given clock in
    // tests/unit/accounts/entitlement_rule.spec.ts).
    const ended = DateTime.utc().minus({ seconds: 1 })
    row.merge({ trialEnd: ended, currentPeriodEnd: ended })
    await row.save()
    const { key } = await createApiKey(user)
    assert.equal(await monthlyLimit(client, key), 10_000)
    const me = await client.get('/api/auth/user').loginAs(user)
    assert.containsSubset(me.body(), { entitled: false, subscription: { plan: { id: 'free' } } })
  })

  test('changing a running plan answers its change type, applies at once and the quota follows', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    await setPlan(user, 'trafficker')
    const { key } = await createApiKey(user)
    const change = (planId: string) =>
      client.post('/api/create-subscription').json({ planId }).withCsrfToken().loginAs(user)

    const up = await change('agency')
    up.assertStatus(200)
    up.assertBody({
      changeType: 'upgrade',
      message:
        'You are now on the Agency plan. Billing is in manual mode: plan changes apply immediately without payment.',
    })
    assert.equal(await monthlyLimit(client, key), 1_000_000)

    const down = await change('trafficker')
    assert.equal(down.body().changeType, 'downgrade')
    assert.equal(await monthlyLimit(client, key), 100_000)

    const free = await change('free')
    assert.equal(free.body().changeType, 'downgrade')
    assert.equal(await monthlyLimit(client, key), 10_000)
  })

  test('a downgrade preview says Immediately, like its message', async ({ client, assert }) => {
    const user = await createUser()
    await setPlan(user, 'agency')
    const response = await client
      .post('/api/preview-subscription-change')
      .json({ planId: 'trafficker' })
      .withCsrfToken()
      .loginAs(user)
    assert.containsSubset(response.body(), {
      changeType: 'downgrade',
      immediate: true,
      message: 'You will move from Agency to Trafficker immediately.',
    })
  })

  test('the preview says the change is immediate and costs nothing', async ({ client, assert }) => {
    const user = await createUser()
    await setPlan(user, 'trafficker')
    const response = await client
      .post('/api/preview-subscription-change')
      .json({ planId: 'agency' })
      .withCsrfToken()
      .loginAs(user)
    response.assertStatus(200)
    assert.containsSubset(response.body(), {
      currentPlan: { id: 'trafficker', name: 'Trafficker', price: 29 },
      newPlan: { id: 'agency', name: 'Agency', price: 99 },
      changeType: 'upgrade',
      isUpgrade: true,
      proration: {
        amountDue: 0,
        currency: 'usd',
        description: 'Billing is in manual mode: plan changes apply immediately without payment.',
      },
      message: 'You will move from Trafficker to Agency immediately.',
    })
  })

  test('client-secret and finalize have nothing to do in manual mode', async ({ client }) => {
    const user = await createUser()
    const secret = await client.get('/api/subscription/client-secret').loginAs(user)
    secret.assertStatus(404)
    const finalized = await client.post('/api/finalize-subscription').withCsrfToken().loginAs(user)
    finalized.assertStatus(404)
  })

  test('the Subscription page gets the plans and the billing mode', async ({ client, assert }) => {
    const user = await createUser()
    const response = await client
      .get('/subscription')
      .header('x-inertia', 'true')
      .header('x-inertia-version', await inertiaVersion())
      .loginAs(user)
    response.assertStatus(200)
    const page = response.body()
    assert.equal(page.component, 'subscription/index')
    assert.deepEqual(page.props.billing, { mode: 'manual', publishableKey: null })
    assert.deepEqual(
      page.props.plans.map((plan: any) => [plan.id, plan.price, plan.popular]),
      [
        ['free', 0, false],
        ['trafficker', 29, true],
        ['agency', 99, false],
      ]
    )
  })
})

test.group('Billing: off mode', (group) => {
  group.setup(() => useBillingMode('off'))

  test('self-service plan changes are refused with 403 billing_disabled', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const response = await client
      .post('/api/create-subscription')
      .json({ planId: 'agency' })
      .withCsrfToken()
      .loginAs(user)
    response.assertStatus(403)
    response.assertBodyContains({ error: { code: 'billing_disabled' } })
    const preview = await client
      .post('/api/preview-subscription-change')
      .json({ planId: 'agency' })
      .withCsrfToken()
      .loginAs(user)
    preview.assertStatus(403)
    assert.isNull(await Subscription.findBy('user_id', user.id))
  })
})

test.group('Billing: billing:sync', (group) => {
  let stripe: Awaited<ReturnType<typeof useStripeStandIn>>
  group.setup(async () => {
    stripe = await useStripeStandIn()
    return () => stripe.stop()
  })

  test('stores a Stripe price per paid plan and finds them again on the next run', async ({
    assert,
  }) => {
    const first = await ace.exec('billing:sync', [])
    assert.equal(first.exitCode, 0)
    const plans = await Plan.query().orderBy('sort_order', 'asc')
    const free = plans.find((plan) => plan.id === 'free')!
    assert.isNull(free.stripePriceId)
    for (const plan of plans.filter((candidate) => candidate.id !== 'free')) {
      const price = stripe.standIn.prices.get(plan.stripePriceId!)!
      assert.equal(price.unit_amount, plan.priceCents)
      assert.equal(price.lookup_key, `adrelay_${plan.id}_monthly`)
      assert.equal(price.product, `adrelay_${plan.id}`)
    }
    const pricesBefore = stripe.standIn.prices.size
    const productsBefore = stripe.standIn.products.size

    const second = await ace.exec('billing:sync', [])
    assert.equal(second.exitCode, 0)
    assert.equal(stripe.standIn.prices.size, pricesBefore)
    assert.equal(stripe.standIn.products.size, productsBefore)
    for (const create of stripe.standIn.requests.filter(
      (r) => r.method === 'POST' && ['/v1/prices', '/v1/products'].includes(r.path)
    )) {
      assert.isString(create.idempotencyKey)
    }
  })

  test('a changed price creates a new Stripe price and moves the lookup key to it', async ({
    assert,
  }) => {
    const plan = await Plan.findOrFail('trafficker')
    const oldPriceId = plan.stripePriceId!
    plan.priceCents = 3900
    await plan.save()
    try {
      const run = await ace.exec('billing:sync', [])
      assert.equal(run.exitCode, 0)
      await plan.refresh()
      assert.notEqual(plan.stripePriceId, oldPriceId)
      assert.equal(stripe.standIn.prices.get(plan.stripePriceId!)!.unit_amount, 3900)
      assert.isNull(stripe.standIn.prices.get(oldPriceId)!.lookup_key)
    } finally {
      plan.priceCents = 2900
      await plan.save()
      await ace.exec('billing:sync', [])
    }
  })
})
