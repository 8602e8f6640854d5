import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import db from '@adonisjs/lucid/services/db'
import { Schedule } from '@adonisjs/queue'
import { toDbTimestamp } from '#shared/db_time'
import PruneAuditLogJob from '#admin/jobs/prune_audit_log_job'
import { DEFAULT_AUDIT_LOG_RETENTION_DAYS } from '#admin/actions/prune_audit_log'

const DAY_MS = 86_400_000

/** Writes audit entries `ageDays` old; returns their ids. */
async function entriesAged(ageDays: number[]) {
  const ids: number[] = []
  for (const age of ageDays) {
    const [id] = await db.table('admin_audit_log').insert({
      actor_label: 'cli',
      action: 'user.promoted',
      target_type: 'user',
      target_id: `aged-${age}`,
      created_at: toDbTimestamp(new Date(Date.now() - age * DAY_MS)),
    })
    ids.push(Number(id))
  }
  return ids
}

async function remaining(ids: number[]) {
  const rows = await db.from('admin_audit_log').whereIn('id', ids).select('id')
  return rows.map((row) => Number(row.id)).sort((a, b) => a - b)
}

test.group('Audit log retention', () => {
  test('the daily job deletes entries older than the retention period and keeps the rest', async ({
    assert,
  }) => {
    assert.equal(DEFAULT_AUDIT_LOG_RETENTION_DAYS, 400)
    const [old, older, recent, fresh] = await entriesAged([401, 900, 399, 0])
    await PruneAuditLogJob.dispatch({}).with('sync').run()
    assert.deepEqual(await remaining([old, older, recent, fresh]), [recent, fresh])
  })

  test('node ace audit:prune does the same on demand', async ({ assert }) => {
    const [old, recent] = await entriesAged([500, 10])
    const command = await ace.exec('audit:prune', [])
    assert.equal(command.exitCode, 0)
    assert.deepEqual(await remaining([old, recent]), [recent])
  })

  test('the scheduler runs the pruning job every day', async ({ assert }) => {
    // The scheduler registers its schedules in an app.ready hook, which runs at once in an app
    // that is already ready (as here) but is not awaited by the import: wait for its writes.
    await import('#start/scheduler')
    let schedule = await Schedule.find('prune-audit-log')
    for (let attempt = 0; !schedule && attempt < 200; attempt++) {
      await new Promise((resolve) => setImmediate(resolve))
      schedule = await Schedule.find('prune-audit-log')
    }
    assert.isNotNull(schedule)
    assert.equal(schedule!.name, 'PruneAuditLogJob')
    assert.equal(schedule!.cronExpression, '17 3 * * *')
  })
})
