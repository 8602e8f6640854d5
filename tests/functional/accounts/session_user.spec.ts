import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import Subscription, { type SubscriptionStatus } from '#accounts/models/subscription'
import type { PlanId } from '#accounts/plan_catalog'
import { createApiKey, createUser, setPlan } from '#tests/helpers/factories'
import { useRolledBackTransaction } from '#tests/helpers/rolled_back_transaction'
import { inertiaVersion } from '#tests/helpers/inertia'

/** An Inertia visit's page object (the shared props included). */
async function inertiaPage(client: any, url: string, user?: any) {
  const request = client
    .get(url)
    .header('X-Inertia', 'true')
    .header('X-Inertia-Version', await inertiaVersion())
  const response = user ? await request.loginAs(user) : await request
  response.assertStatus(200)
  return response.body()
}

test.group('The session user (GET /api/auth/user and the shared prop `user`)', (group) => {
  useRolledBackTransaction(group)
  test('a Free user is not entitled, has no plan features and a display name', async ({
    client,
    assert,
  }) => {
    const user = await createUser({ firstName: 'Ada', lastName: 'Byron' })
    const response = await client.get('/api/auth/user').loginAs(user)
    response.assertStatus(200)
    assert.containsSubset(response.body(), {
      displayName: 'Ada Byron',
      entitled: false,
      features: [],
      trialAvailable: true,
      subscription: { status: 'active', plan: { id: 'free', name: 'Free' } },
    })
  })

  test('a user who had the free trial is told it is not available again', async ({
    client,
    assert,
  }) => {
    const user = await createUser({ trialUsedAt: DateTime.utc().minus({ days: 30 }) })
    const response = await client.get('/api/auth/user').loginAs(user)
    response.assertStatus(200)
    assert.containsSubset(response.body(), {
      trialAvailable: false,
      subscription: { plan: { id: 'free' } },
    })
  })

  test('{planId} {status} ({provider}): entitled {entitled}, on {planInEffect}')
    .with<
      Array<{
        planId: PlanId
        status: SubscriptionStatus
        provider: 'manual' | 'stripe' | 'invitation'
        periodEndDays: number
        entitled: boolean
        planInEffect: PlanId
      }>
    >([
      {
        planId: 'trafficker',
        status: 'active',
        provider: 'manual',
        periodEndDays: 30,
        entitled: true,
        planInEffect: 'trafficker',
      },
      {
        planId: 'agency',
        status: 'trialing',
        provider: 'stripe',
        periodEndDays: 14,
        entitled: true,
        planInEffect: 'agency',
      },
      // Stripe keeps retrying the payment: the plan still applies, as for the quota.
      {
        planId: 'trafficker',
        status: 'past_due',
        provider: 'stripe',
        periodEndDays: 30,
        entitled: true,
        planInEffect: 'trafficker',
      },
      {
        planId: 'agency',
        status: 'canceled',
        provider: 'stripe',
        periodEndDays: 30,
        entitled: false,
        planInEffect: 'free',
      },
      // An invitation grant ends at its period end without any event.
      {
        planId: 'agency',
        status: 'active',
        provider: 'invitation',
        periodEndDays: -1,
        entitled: false,
        planInEffect: 'free',
      },
    ])
    .run(async ({ client, assert }, row) => {
      const user = await createUser()
      await setPlan(user, row.planId, row.status, row.provider)
      const subscription = await Subscription.findByOrFail('userId', user.id)
      subscription.currentPeriodEnd = DateTime.utc().plus({ days: row.periodEndDays })
      await subscription.save()
      const response = await client.get('/api/auth/user').loginAs(user)
      response.assertStatus(200)
      const body = response.body()
      assert.equal(body.entitled, row.entitled)
      assert.equal(body.subscription.plan.id, row.planInEffect)
      const expected = {
        free: [],
        trafficker: [
          'advanced_analytics',
          'performance_alerts',
          'automation_tools',
          'automated_rules',
          'embed_widgets',
        ],
        agency: [
          'advanced_analytics',
          'performance_alerts',
          'lead_tracking',
          'automation_tools',
          'automated_rules',
          'embed_widgets',
          'embed_unbranded',
        ],
      }[row.planInEffect]
      assert.sameMembers(body.features, expected)
    })

  test('every page shares the same user as GET /api/auth/user', async ({ client, assert }) => {
    const user = await createUser()
    await setPlan(user, 'agency')
    await createApiKey(user)
    const me = await client.get('/api/auth/user').loginAs(user)
    const page = await inertiaPage(client, '/profile', user)
    assert.deepEqual(page.props.user, me.body())
    assert.equal(page.props.user.apiTokensCount, 1)
  })

  test("a visitor's page carries no user", async ({ client, assert }) => {
    const page = await inertiaPage(client, '/privacy')
    assert.notProperty(page.props, 'user')
  })
})
