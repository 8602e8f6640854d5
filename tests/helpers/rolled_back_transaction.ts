import type { Group } from '@japa/runner/core'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { CallLog } from '#usage/services/call_log'
import { resetRateLimits } from '#tests/bootstrap'

/**
 * Runs each test of `group` inside a Lucid global transaction that is rolled back after it
 * (`db.beginGlobalTransaction` / `db.rollbackGlobalTransaction`), so its rows never reach
 * the next test and no test needs a clean-up of its own.
 *
 * The global transaction is process-wide: while it is open, every `db.connection()` in this
 * process (the in-process test server's requests included) answers the transaction, and on
 * SQLite it holds the pool's one connection. So only groups whose work all goes through
 * `db` while the test awaits it may use this. Left out (they stay on committed rows):
 * - the call log (`CallLog`: its batch writer flushes on a timer, after the test),
 * - quota stores (`SqlQuotaStore` borrows a pooled connection directly: on SQLite it would
 *   wait for the transaction forever; the Redis store's counters are not rolled back),
 * - queue workers and dispatched jobs (the queue adapter took its knex client at boot),
 * - Stripe (its customers use an Idempotency-Key per user id, and ids are reused after a
 *   rollback), and anything running in another process (CLI, app processes).
 * So these functional groups stay out: the usage, automation (REST/MCP/OpenAPI), keys, billing,
 * CLI, embeds, leads and alerts suites (all meter calls, dispatch jobs or use Stripe), the
 * Meta groups called over REST with a key (campaign building, connect flow, status,
 * upload_ad_image), rules over REST and rule runs, scheduling and webhooks (a run raises
 * alerts, whose delivery is a queued job: on SQLite the queue's pooled connection waited for
 * the transaction until the 60 s timeout), data export and account deletion (call log,
 * Stripe), admin stats, users and suspension (call log, bearer keys), audit retention (a
 * job), sign-in through a second app process, and the rate-limit suite (it counts buckets
 * across requests from other addresses on purpose).
 *
 * Guarantees, checked around every test (a breach fails the test with the reason):
 * - no global transaction is open when the test starts, and none is left when it ends,
 *   even when the rollback itself fails (the reference is dropped so one failure stays one);
 * - the call log has nothing buffered before (it is flushed outside the transaction) nor
 *   after (a group that meters calls must not use this helper);
 * - rate-limit buckets are emptied outside the transaction first. The limiter's database
 *   store follows the transaction (app/shared/sqlite_limiter_store.ts), so it never keeps
 *   the rolled-back transaction.
 *
 * Source of the hazard: the first attempt (issue 13 item 8) failed with "Transaction query
 * already complete" because a limiter store made on a request inside a global transaction
 * was cached by `@adonisjs/limiter` and kept using that transaction after its rollback.
 */
export function useRolledBackTransaction(group: Group, connection?: string) {
  group.each.setup(async () => {
    const name = connection ?? db.primaryConnectionName
    assertNoGlobalTransaction(name, 'before the test')
    const callLog = await app.container.make(CallLog)
    await callLog.flush()
    await resetRateLimits()

    await db.beginGlobalTransaction(name)
    return async () => {
      const metered = callLog.hasPending
      try {
        await db.rollbackGlobalTransaction(name)
      } finally {
        // A failed rollback leaves the completed transaction in Lucid's map, where every
        // later `db.connection()` would find it: drop it whatever happened.
        db.connectionGlobalTransactions.delete(name)
      }
      if (metered) {
        throw new Error(
          'The call log got records during a rolled-back test: this group meters calls and ' +
            'cannot use useRolledBackTransaction (its rows would be written outside the test).'
        )
      }
    }
  })
}

/** Fails when a global transaction is open on `connection` (Lucid keeps one per connection). */
export function assertNoGlobalTransaction(connection: string, when: string) {
  if (db.connectionGlobalTransactions.has(connection)) {
    db.connectionGlobalTransactions.delete(connection)
    throw new Error(
      `A global transaction on "${connection}" was still open ${when}: a test or a ` +
        'background task left it behind (it has been dropped so later tests are not affected).'
    )
  }
}
