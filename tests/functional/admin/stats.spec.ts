import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { createUser, setPlan } from '#tests/helpers/factories'
import { logCallRecords } from '#tests/helpers/usage'
import Subscription from '#accounts/models/subscription'
import { toDbTimestamp } from '#shared/db_time'

/** Logs `count` metered calls for `userId` at `at`. */
async function logCalls(userId: number, count: number, at: Date) {
  await logCallRecords(
    userId,
    Array.from({ length: count }, () => ({ status: 200, ms: 12, at }))
  )
}

test.group('Admin stats', (group) => {
  // Figures are platform-wide: start from an empty user table (cascades to subscriptions and calls).
  group.each.setup(async () => {
    await db.from('users').delete()
  })

  test('stat figures count users, active paid subscriptions, MRR in cents and calls since midnight UTC', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ role: 'admin' })
    const stripeTrafficker = await createUser()
    const manualAgency = await createUser()
    const stripeAgency = await createUser()
    const trialing = await createUser()
    const invited = await createUser()
    const canceled = await createUser()
    const pastDue = await createUser()
    await createUser() // Free, no subscription row

    await setPlan(stripeTrafficker, 'trafficker', 'active', 'stripe') // 2900
    await setPlan(manualAgency, 'agency', 'active', 'manual') // 9900
    await setPlan(stripeAgency, 'agency', 'active', 'stripe') // 9900
    await setPlan(trialing, 'agency', 'trialing', 'stripe') // trial: no revenue, not active
    await setPlan(invited, 'trafficker', 'active', 'invitation') // granted: active, no revenue
    await setPlan(canceled, 'trafficker', 'canceled', 'stripe')
    await setPlan(pastDue, 'trafficker', 'past_due', 'stripe')

    const now = new Date()
    const midnight = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
    await logCalls(stripeTrafficker.id, 3, now)
    await logCalls(invited.id, 2, midnight)
    await logCalls(invited.id, 4, new Date(midnight.getTime() - 1000)) // yesterday 23:59:59 UTC

    const response = await client.get('/api/admin/stats').loginAs(admin)
    response.assertStatus(200)
    assert.deepEqual(response.body(), {
      totalUsers: 9,
      activeSubscriptions: 4,
      monthlyRevenue: 2900 + 9900 + 9900,
      currency: 'usd',
      apiCallsToday: 5,
    })
  })

  test('an invitation grant whose period has ended is not an active subscription', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ role: 'admin' })
    const running = await createUser()
    const ended = await createUser()
    await setPlan(running, 'agency', 'active', 'invitation')
    await setPlan(ended, 'agency', 'active', 'invitation')
    // The grant ran out an hour ago: its stored status stays `active` (nothing tells us).
    await Subscription.query()
      .where('user_id', ended.id)
      .update({ current_period_end: toDbTimestamp(new Date(Date.now() - 60 * 60 * 1000)) })

    const stats = await client.get('/api/admin/stats').loginAs(admin)
    stats.assertStatus(200)
    assert.equal(stats.body().activeSubscriptions, 1)

    // The users table says the same: the ended grant's user is Inactive.
    const users = await client.get('/api/admin/users').loginAs(admin)
    users.assertStatus(200)
    const entitledOf = (id: number) =>
      users.body().users.find((user: { id: number }) => user.id === id)?.entitled
    assert.isTrue(entitledOf(running.id))
    assert.isFalse(entitledOf(ended.id))
  })

  test('an empty platform reports zeros, not nulls', async ({ client, assert }) => {
    const admin = await createUser({ role: 'admin' })
    const response = await client.get('/api/admin/stats').loginAs(admin)
    response.assertStatus(200)
    assert.deepEqual(response.body(), {
      totalUsers: 1,
      activeSubscriptions: 0,
      monthlyRevenue: 0,
      currency: 'usd',
      apiCallsToday: 0,
    })
  })
})
