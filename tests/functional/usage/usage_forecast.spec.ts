import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { createApiKey, createUser, setPlan } from '#tests/helpers/factories'
import {
  callsLeftToRunOut,
  logCallRecords,
  MONTH_TURN_TIMEOUT,
  setUsage,
} from '#tests/helpers/usage'
import { callTool, connectMcp, textOf } from '#tests/functional/automation/mcp_client'
import { billingPeriodAt } from '#usage/services/billing_period'
import { serializeCallRecord } from '#usage/services/call_log'
import { upsertRollups } from '#usage/services/call_rollups'
import { forecastUsage, paceWindowStart } from '#usage/services/usage_forecast'

const TRAFFICKER_LIMIT = 100_000

/** What the forecast rules say at this test's `now` for `used` and the window's calls. */
function expected(used: number, windowCalls: number) {
  const now = new Date()
  const { startsAt, resetsAt } = billingPeriodAt(now)
  return forecastUsage({
    now,
    periodStart: startsAt,
    resetsAt,
    used,
    limit: TRAFFICKER_LIMIT,
    windowCalls,
  })
}

/**
 * Adds `calls` calls at `at` to the user's hourly rollups the way the call-log batch writer
 * does (no raw rows: a whole month's worth would take minutes to insert).
 */
async function rollUp(userId: number, calls: number, at: Date) {
  const row = serializeCallRecord({
    userId,
    tokenId: null,
    method: 'GET',
    endpoint: '/api/v1/me',
    statusCode: 200,
    responseTimeMs: 40,
    createdAt: at,
  })
  await db.transaction((trx) =>
    upsertRollups(
      trx,
      Array.from({ length: calls }, () => row)
    )
  )
}

/**
 * Calls logged "just now" in the busy-hour cases. Enough that, spread over the 7-day pace
 * window, they still run out 2 requests within minutes: `callsLeftToRunOut` only has to wait
 * for the next month in a month's last ~4 minutes.
 */
const BUSY_HOUR = 10_000

test.group('Usage forecast (get_usage_forecast)', () => {
  test('Free plans are told it needs a paid plan, on REST, MCP and the session', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const { key } = await createApiKey(user)
    const rest = await client.get('/api/v1/usage/get_usage_forecast').bearerToken(key)
    rest.assertStatus(403)
    rest.assertBodyContains({
      error: { code: 'plan_upgrade_required', requiredPlan: 'trafficker' },
    })

    const mcp = await connectMcp(key)
    const result = await callTool(mcp, 'get_usage_forecast')
    await mcp.close()
    assert.isTrue(result.isError)
    assert.match(textOf(result), /^plan_upgrade_required: /)

    const session = await client.get('/api/actions/get_usage_forecast').loginAs(user)
    session.assertStatus(403)
  })

  test('projects the month end from the last week’s pace and dates the run-out', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    await setPlan(user, 'trafficker')
    const { key } = await createApiKey(user)
    // Close to the limit (at most 300 left), with a busy hour just now; how close depends on
    // how much of the month is left (a fixed 300 did not run out on a month's last day).
    const left = await callsLeftToRunOut(BUSY_HOUR, 300)
    await setUsage(user.id, TRAFFICKER_LIMIT - left)
    await logCallRecords(
      user.id,
      Array.from({ length: BUSY_HOUR }, () => ({ at: new Date() }))
    )

    const response = await client.get('/api/v1/usage/get_usage_forecast').bearerToken(key)
    response.assertStatus(200)
    const body = response.body()
    // The counter includes this request; the window holds the logged calls.
    assert.equal(body.used, TRAFFICKER_LIMIT - left + 1)
    assert.equal(body.limit, TRAFFICKER_LIMIT)
    assert.equal(body.pace.windowCalls, BUSY_HOUR)
    assert.equal(
      body.pace.windowStart,
      paceWindowStart(new Date(body.pace.windowEnd), new Date(body.periodStart)).toISOString()
    )
    const rule = expected(body.used, BUSY_HOUR)
    assert.equal(body.status, rule.status)
    assert.equal(body.status, 'will_run_out')
    assert.closeTo(body.projectedTotal, rule.projectedTotal, rule.projectedTotal * 0.01)
    assert.closeTo(
      Date.parse(body.runsOutAt),
      rule.runsOutAt!.getTime(),
      120_000,
      'run-out date at this pace'
    )
    assert.isAbove(Date.parse(body.runsOutAt), Date.parse(body.pace.windowEnd))
    assert.isNull(body.ranOutAt)
  }).timeout(MONTH_TURN_TIMEOUT)

  test('a quiet account stays on track; MCP answers the same figures as REST', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    await setPlan(user, 'trafficker')
    const { key } = await createApiKey(user)
    await setUsage(user.id, 1200)
    // Calls of an earlier month are not in the window.
    const { startsAt } = billingPeriodAt()
    await logCallRecords(user.id, [{ at: new Date(startsAt.getTime() - 3_600_000) }])

    const rest = await client.get('/api/v1/usage/get_usage_forecast').bearerToken(key)
    rest.assertStatus(200)
    assert.equal(rest.body().status, 'on_track')
    assert.equal(rest.body().pace.windowCalls, 0)
    assert.equal(rest.body().projectedTotal, 1201)
    assert.isNull(rest.body().runsOutAt)

    const mcp = await connectMcp(key)
    const result = await callTool(mcp, 'get_usage_forecast')
    await mcp.close()
    assert.notOk(result.isError, textOf(result))
    const structured = result.structuredContent as any
    assert.equal(structured.status, 'on_track')
    assert.equal(structured.used, 1202)
    assert.equal(structured.limit, TRAFFICKER_LIMIT)
    assert.equal(structured.period, rest.body().period)
  })

  test('a quota that has run out says since when (session: the metered surfaces answer 429)', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    await setPlan(user, 'trafficker')
    const now = new Date()
    const { startsAt } = billingPeriodAt(now)
    const thisHour = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000)
    const earlier = new Date(Math.max(startsAt.getTime(), thisHour.getTime() - 3_600_000))
    if (earlier.getTime() === thisHour.getTime()) {
      await rollUp(user.id, TRAFFICKER_LIMIT, thisHour)
    } else {
      await rollUp(user.id, 60_000, earlier)
      await rollUp(user.id, 40_000, thisHour)
    }
    await setUsage(user.id, TRAFFICKER_LIMIT)

    const { key } = await createApiKey(user)
    const metered = await client.get('/api/v1/usage/get_usage_forecast').bearerToken(key)
    metered.assertStatus(429)

    const response = await client.get('/api/actions/get_usage_forecast').loginAs(user)
    response.assertStatus(200)
    assert.equal(response.body().status, 'ran_out')
    assert.equal(response.body().used, TRAFFICKER_LIMIT)
    assert.equal(response.body().ranOutAt, thisHour.toISOString())
    assert.isNull(response.body().runsOutAt)
  })

  test('no usage yet is no_data', async ({ client, assert }) => {
    const user = await createUser()
    await setPlan(user, 'agency')
    const response = await client.get('/api/actions/get_usage_forecast').loginAs(user)
    response.assertStatus(200)
    assert.equal(response.body().status, 'no_data')
    assert.equal(response.body().projectedTotal, 0)
    assert.equal(response.body().limit, 1_000_000)
  })
})
