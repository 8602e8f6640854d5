import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { ApiKeyVerifier, type VerifiedApiKey } from '#keys/services/api_key_verifier'
import { CallLog } from '#usage/services/call_log'
import { Metering } from '#usage/services/metering'
import type { Clock } from '#shared/clock'
import { SqlQuotaStore } from '#usage/services/sql_quota_store'
import { AppError } from '#shared/errors'
import { fromDbTimestamp } from '#shared/db_time'
import { createApiKey, createUser } from '#tests/helpers/factories'

/** A clock standing at `at`; each monotonic reading advances it by `stepMs`. */
function fixedClock(at: string, stepMs: number): Clock {
  let monotonic = 0
  return {
    now: () => new Date(at),
    monotonicMs: () => (monotonic += stepMs),
  }
}

async function credentialFor(requestLimit: number): Promise<VerifiedApiKey> {
  const user = await createUser()
  const { record } = await createApiKey(user)
  return {
    tokenId: record.id,
    kind: 'api_key',
    expiresAtMs: null,
    userId: user.id,
    planId: 'free',
    requestLimit,
    suspended: false,
    monthlyLimit: null,
  }
}

test.group('Metering clock', () => {
  test("counts in the clock's month and dates and times the record by the clock", async ({
    assert,
  }) => {
    const clock = fixedClock('2031-05-31T23:59:00.000Z', 7)
    const callLog = new CallLog(60_000, 10_000)
    const metering = new Metering(new ApiKeyVerifier(), new SqlQuotaStore(), callLog, clock)
    const credential = await credentialFor(1)
    const call = { credential, method: 'GET', endpoint: '/api/v1/usage' }

    const quota = await metering.meter(call, (state) => state)
    assert.deepEqual(quota, {
      limit: 1,
      used: 1,
      remaining: 0,
      period: '2031-05',
      resetsAt: new Date('2031-06-01T00:00:00.000Z'),
      // The key's own count moves with the account's (issue 17); this key has no limit.
      key: { tokenId: credential.tokenId, used: 1, limit: null, remaining: null },
    })
    assert.deepEqual(metering.rateLimitHeaders(quota), {
      'RateLimit-Limit': '1',
      'RateLimit-Remaining': '0',
      'RateLimit-Reset': '60',
    })

    const refused = await metering.meter(call, () => 'never run').catch((error) => error)
    assert.instanceOf(refused, AppError)
    assert.equal(refused.code, 'quota_exceeded')
    assert.equal(refused.headers['Retry-After'], '60')

    await callLog.flush()
    const rows = await db.from('api_calls').where('user_id', credential.userId).orderBy('id')
    assert.deepEqual(
      rows.map((row) => [
        Number(row.status_code),
        Number(row.response_time_ms),
        fromDbTimestamp(row.created_at).toISOString(),
      ]),
      [
        [200, 7, '2031-05-31T23:59:00.000Z'],
        [429, 7, '2031-05-31T23:59:00.000Z'],
      ]
    )
  })
})

test.group('Metering at shutdown', () => {
  test('settle writes the calls still being answered and gives every leased unit back', async ({
    assert,
  }) => {
    const callLog = new CallLog(60_000, 10_000)
    const quotas = new SqlQuotaStore()
    // The store's lease clock, moved by the test: 100 calls in 250 ms take a lease ahead.
    let nowMs = 1_000_000
    ;(quotas as unknown as { nowMs: () => number }).nowMs = () => nowMs
    const metering = new Metering(new ApiKeyVerifier(), quotas, callLog)
    const credential = await credentialFor(1_000_000)
    const call = { credential, method: 'GET', endpoint: '/api/v1/usage' }
    for (let index = 0; index < 100; index++) await metering.meter(call, () => null)
    nowMs += 250
    await metering.meter(call, () => null)
    assert.isFalse(quotas.idle, 'the store holds a lease')

    // Ten requests counted and still being answered when the server stops accepting.
    let answer!: () => void
    const answered = new Promise<void>((resolve) => (answer = resolve))
    const late = Array.from({ length: 10 }, () => metering.meter(call, () => answered))
    const settling = metering.settle()
    answer()
    const passes = await settling
    await Promise.all(late)

    assert.isAbove(passes, 1, 'the late calls were recorded after the first pass')
    assert.isTrue(quotas.idle)
    assert.isFalse(callLog.hasPending)
    const [{ calls }] = await db
      .from('api_calls')
      .where('user_id', credential.userId)
      .count('* as calls')
    assert.equal(Number(calls), 111, 'call records written')
    const counter = await db.from('usage_counters').where('user_id', credential.userId).first()
    assert.equal(Number(counter.count), 111, 'units counted: only the calls made')
  })
})
