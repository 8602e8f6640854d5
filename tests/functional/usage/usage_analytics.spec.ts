import { test } from '@japa/runner'
import { logCallRecords } from '#tests/helpers/usage'
import { createUser, setPlan } from '#tests/helpers/factories'
import type User from '#accounts/models/user'
import Subscription from '#accounts/models/subscription'
import { toDbTimestamp } from '#shared/db_time'

/** Writes call-log rows for `user` (status, response time in ms, when). */
async function logCalls(
  user: User,
  calls: Array<{ status: number; ms: number; at: Date; endpoint?: string; method?: string }>
) {
  await logCallRecords(user.id, calls)
}

function startOfMonth(offsetMonths = 0) {
  const now = new Date()
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offsetMonths, 1))
}

test.group('Usage analytics (GET /api/usage/analytics)', () => {
  test('a Free user is told advanced analytics needs a paid plan', async ({ client }) => {
    const user = await createUser()
    const response = await client.get('/api/usage/analytics').loginAs(user)
    response.assertStatus(403)
    response.assertBodyContains({
      error: { code: 'plan_upgrade_required', requiredPlan: 'trafficker' },
    })
  })

  test('a user whose paid plan has lapsed is told advanced analytics needs a paid plan', async ({
    client,
  }) => {
    // An invitation grant past its period end (nobody tells us it ended), and a canceled
    // Stripe subscription: both users are on Free now.
    const lapsedGrant = await createUser()
    await setPlan(lapsedGrant, 'agency', 'active', 'invitation')
    await Subscription.query()
      .where('user_id', lapsedGrant.id)
      .update({ current_period_end: toDbTimestamp(new Date(Date.now() - 60_000)) })
    const canceled = await createUser()
    await setPlan(canceled, 'trafficker', 'canceled', 'stripe')

    for (const user of [lapsedGrant, canceled]) {
      const response = await client.get('/api/usage/analytics').loginAs(user)
      response.assertStatus(403)
      response.assertBodyContains({
        error: { code: 'plan_upgrade_required', requiredPlan: 'trafficker' },
      })
    }
  })

  test('a signed-out visitor gets 401 Unauthorized', async ({ client }) => {
    const response = await client.get('/api/usage/analytics')
    response.assertStatus(401)
    response.assertBody({ message: 'Unauthorized' })
  })

  test('a paid user sees this month’s calls per day, success split, top endpoints and percentiles', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    await setPlan(user, 'trafficker')
    const first = startOfMonth()
    const at = new Date(first.getTime() + 60_000)
    const responseTimes = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100]
    await logCalls(user, [
      ...responseTimes.map((ms, index) => ({
        status: index < 8 ? 200 : 500,
        ms,
        at,
        endpoint: index < 6 ? '/api/v1/me' : '/api/v1/usage',
      })),
      // last month: not counted
      { status: 500, ms: 9999, at: new Date(first.getTime() - 60_000) },
    ])
    const other = await createUser()
    await logCalls(other, [{ status: 500, ms: 5000, at }])

    const response = await client.get('/api/usage/analytics').loginAs(user)
    response.assertStatus(200)
    const body = response.body()
    assert.deepEqual(body.totals, { calls: 10, successful: 8, failed: 2, successRate: 80 })
    assert.deepEqual(body.responseTimeMs, { p50: 50, p95: 100 })
    assert.deepEqual(body.topEndpoints, [
      { method: 'GET', endpoint: '/api/v1/me', calls: 6, failed: 0 },
      { method: 'GET', endpoint: '/api/v1/usage', calls: 4, failed: 2 },
    ])
    assert.lengthOf(body.daily, new Date().getUTCDate())
    assert.deepEqual(body.daily[0], {
      date: first.toISOString().slice(0, 10),
      calls: 10,
      successful: 8,
      failed: 2,
    })
  })

  test('a paid user with no calls this month gets zeros and no percentiles', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    await setPlan(user, 'agency')
    const response = await client.get('/api/usage/analytics').loginAs(user)
    response.assertStatus(200)
    assert.deepEqual(response.body().totals, {
      calls: 0,
      successful: 0,
      failed: 0,
      successRate: null,
    })
    assert.isNull(response.body().responseTimeMs)
    assert.isTrue(response.body().daily.every((day: { calls: number }) => day.calls === 0))
  })
})

test.group('Success-rate trend (GET /api/usage/success-rate)', () => {
  test('compares this month with last month for any plan', async ({ client, assert }) => {
    const user = await createUser()
    const first = startOfMonth()
    await logCalls(user, [
      { status: 200, ms: 5, at: new Date(first.getTime() + 1000) },
      { status: 404, ms: 5, at: new Date(first.getTime() + 2000) },
      { status: 200, ms: 5, at: new Date(first.getTime() - 5000) },
      { status: 301, ms: 5, at: new Date(first.getTime() - 6000) },
      { status: 200, ms: 5, at: new Date(first.getTime() - 7000) },
      { status: 500, ms: 5, at: new Date(first.getTime() - 8000) },
    ])
    const response = await client.get('/api/usage/success-rate').loginAs(user)
    response.assertStatus(200)
    assert.equal(response.body().currentMonth.calls, 2)
    assert.equal(response.body().currentMonth.successRate, 50)
    assert.equal(response.body().lastMonth.calls, 4)
    assert.equal(response.body().lastMonth.successRate, 75)
    assert.equal(response.body().lastMonth.period, startOfMonth(-1).toISOString().slice(0, 7))
  })

  test('says there is no rate for a month without calls', async ({ client }) => {
    const user = await createUser()
    const response = await client.get('/api/usage/success-rate').loginAs(user)
    response.assertStatus(200)
    response.assertBodyContains({
      currentMonth: { calls: 0, successRate: null },
      lastMonth: { calls: 0, successRate: null },
    })
  })
})
