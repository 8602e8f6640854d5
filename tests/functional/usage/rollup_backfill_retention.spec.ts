import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import db from '@adonisjs/lucid/services/db'
import { CallLog, type ApiCallRecord } from '#usage/services/call_log'
import {
  backfillRollups,
  MONTHLY_ROLLUP_TABLES,
  monthOf,
  ROLLUP_TABLES,
} from '#usage/services/call_rollups'
import { fromDbTimestamp, toDbTimestamp } from '#shared/db_time'
import { createApiKey, createUser } from '#tests/helpers/factories'
import { callRecord, datedCallLog } from '#tests/helpers/usage'

/** Every rollup row of `userIds`, keyed and sorted, in a driver-neutral form. */
async function rollupsOf(userIds: number[]) {
  const snapshot: Record<string, string[]> = {}
  for (const table of ROLLUP_TABLES) {
    const rows = await db.from(table).whereIn('user_id', userIds)
    snapshot[table] = rows
      .map((row) => {
        const { hour, ...rest } = row
        const fields = Object.entries(rest)
          .filter(([name]) => name !== 'id')
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([name, value]) => `${name}=${String(value)}`)
        return `${fromDbTimestamp(hour).toISOString()} ${fields.join(' ')}`
      })
      .sort()
  }
  return snapshot
}

test.group('Call rollups: backfill of migration 0800', () => {
  test('rows logged before the migration yield the rollups the batch writer writes', async ({
    assert,
  }) => {
    const first = await createUser()
    const second = await createUser()
    const { record: key } = await createApiKey(first)
    const { record: otherKey } = await createApiKey(first, 'second key')
    const { record: secondKey } = await createApiKey(second)

    // A varied log: three credentials and none, several hours and days, every status class
    // (and a 101), latencies in and above the exact range, repeated endpoints.
    const statuses = [200, 201, 204, 302, 304, 400, 404, 429, 500, 503, 101]
    const records: ApiCallRecord[] = []
    for (let index = 0; index < 97; index++) {
      const owner = index % 5 === 0 ? second : first
      const tokenId = owner === second ? secondKey.id : [key.id, otherKey.id, null][index % 3]
      records.push({
        userId: owner.id,
        tokenId,
        method: index % 4 === 0 ? 'MCP' : 'GET',
        endpoint: index % 4 === 0 ? 'tools/call get_usage' : `/api/v1/thing/${index % 6}`,
        statusCode: statuses[index % statuses.length],
        responseTimeMs: (index * 37) % 2500,
        createdAt: new Date(Date.UTC(2026, 10, 20 + (index % 3), index % 24, (index * 7) % 60)),
      })
    }

    // The batch writer's rollups, written in small batches that add into the same hours.
    const writer = datedCallLog()
    for (const [index, record] of records.entries()) {
      writer.record(record)
      if (index % 20 === 19) await writer.flush()
    }
    await writer.flush()
    const written = await rollupsOf([first.id, second.id])
    assert.isAbove(written.api_call_rollups.length, 20)

    // Before the migration there were raw rows and no rollups: rebuild them from `api_calls`
    // in batches of 13 rows (so batches split hours), as migration 0800's up does.
    for (const table of ROLLUP_TABLES) await db.from(table).delete()
    assert.deepEqual(await rollupsOf([first.id, second.id]), {
      api_call_rollups: [],
      api_call_endpoint_rollups: [],
      api_call_latency_rollups: [],
      api_call_latency_daily_rollups: [],
      api_call_endpoint_daily_rollups: [],
      api_call_latency_monthly_rollups: [],
      api_call_endpoint_monthly_rollups: [],
    })
    const read = await backfillRollups(db.connection(), 13)
    assert.isAtLeast(read, records.length)

    assert.deepEqual(await rollupsOf([first.id, second.id]), written)
  })
})

test.group('Call rollups: retention', () => {
  async function logAged(userId: number, daysAgo: number[], now: Date) {
    // The writer prunes after its first flush: this one keeps everything.
    const writer = datedCallLog()
    for (const days of daysAgo) {
      writer.record(
        callRecord(userId, {
          endpoint: `/api/v1/aged/${days}`,
          ms: 5,
          at: new Date(now.getTime() - days * 86_400_000),
        })
      )
    }
    await writer.flush()
  }

  async function rollupDays(userId: number, now: Date) {
    const days: Record<string, number[]> = {}
    for (const table of ROLLUP_TABLES.filter((name) => !MONTHLY_ROLLUP_TABLES.includes(name))) {
      const rows = await db.from(table).where('user_id', userId).select('hour')
      // Whole days between the row's hour (or day) and now: a call made `d` days ago lies in
      // an hour or a day that started at most 1 h or 24 h before it.
      days[table] = rows
        .map((row) =>
          Math.floor((now.getTime() - fromDbTimestamp(row.hour).getTime()) / 86_400_000)
        )
        .sort((a, b) => a - b)
    }
    return days
  }

  test('rollups outlive the raw rows and are pruned after their own retention', async ({
    assert,
  }) => {
    const user = await createUser()
    const now = new Date()
    await logAged(user.id, [1, 89, 91, 399, 401, 700], now)

    const callLog = new CallLog(60_000, 100_000, 90, 400)
    assert.isAtLeast(await callLog.prune(now), 3)
    assert.isAtLeast(await callLog.pruneRollups(now), 6)

    const raw = await db.from('api_calls').where('user_id', user.id).select('endpoint')
    assert.sameMembers(
      raw.map((row) => row.endpoint),
      ['/api/v1/aged/1', '/api/v1/aged/89']
    )
    // Reports of past months still have 91 and 399 days ago; 401 and 700 are gone.
    assert.deepEqual(await rollupDays(user.id, now), {
      api_call_rollups: [1, 89, 91, 399],
      api_call_endpoint_rollups: [1, 89, 91, 399],
      api_call_latency_rollups: [1, 89, 91, 399],
      api_call_latency_daily_rollups: [1, 89, 91, 399],
      api_call_endpoint_daily_rollups: [1, 89, 91, 399],
    })
    // A month goes once all of it is past the cutoff: the month holding the cutoff (400 days
    // ago) stays, so the call 401 days ago is still counted there when it falls in that month.
    const cutoffMonth = monthOf(toDbTimestamp(new Date(now.getTime() - 400 * 86_400_000)))
    const months = [1, 89, 91, 399, 401, 700]
      .map((days) => monthOf(toDbTimestamp(new Date(now.getTime() - days * 86_400_000))))
      .filter((month) => month >= cutoffMonth)
    for (const table of MONTHLY_ROLLUP_TABLES) {
      const rows = await db.from(table).where('user_id', user.id).select('hour')
      assert.deepEqual(
        [...new Set(rows.map((row) => toDbTimestamp(fromDbTimestamp(row.hour))))].sort(),
        [...new Set(months)].sort(),
        table
      )
    }
  })

  test('node ace usage:prune prunes rollups past USAGE_ROLLUP_RETENTION_DAYS (400)', async ({
    assert,
  }) => {
    const user = await createUser()
    const now = new Date()
    await logAged(user.id, [10, 398, 402], now)
    const command = await ace.exec('usage:prune', [])
    assert.equal(command.exitCode, 0)
    assert.deepEqual((await rollupDays(user.id, now)).api_call_rollups, [10, 398])
  })
})
