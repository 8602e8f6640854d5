import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import User from '#accounts/models/user'
import AdminAuditEntry from '#admin/models/admin_audit_entry'
import { createUser } from '#tests/helpers/factories'
import { useRolledBackTransaction } from '#tests/helpers/rolled_back_transaction'
import { runConsoleCommand } from '#tests/helpers/app_process'
import { startRedisStandIn } from '#tests/stand_ins/redis_server'

test.group('users:promote and users:demote', (group) => {
  useRolledBackTransaction(group)
  test('promote grants admin, demote removes it, and both are in the audit log', async ({
    assert,
  }) => {
    const user = await createUser({ email: 'ops.person@example.test' })

    const promote = await ace.exec('users:promote', ['OPS.Person@example.test'])
    assert.equal(promote.exitCode, 0)
    assert.equal((await User.findOrFail(user.id)).role, 'admin')

    const demote = await ace.exec('users:demote', ['ops.person@example.test'])
    assert.equal(demote.exitCode, 0)
    assert.equal((await User.findOrFail(user.id)).role, 'user')

    const entries = await AdminAuditEntry.query()
      .where('target_id', String(user.id))
      .orderBy('id', 'asc')
    assert.deepEqual(
      entries.map((entry) => [entry.action, entry.actorLabel, entry.targetLabel]),
      [
        ['user.promoted', 'cli', 'ops.person@example.test'],
        ['user.demoted', 'cli', 'ops.person@example.test'],
      ]
    )
  })

  test('an unknown email fails with exit code 1 and changes nothing', async ({ assert }) => {
    const command = await ace.exec('users:promote', ['nobody@example.test'])
    assert.equal(command.exitCode, 1)
    assert.isNull(await User.findBy('email', 'nobody@example.test'))
  })
})

test.group('console commands with REDIS_URL set', () => {
  test('a command exits 0 when it shuts down before Redis answered the Server-Sent Events subscription', async ({
    assert,
    cleanup,
  }) => {
    // Every process that boots the app makes Transmit, which subscribes to its Redis channel
    // without awaiting it. A command that shut down first got "Connection is closed" as an
    // unhandled rejection and exited 1 after doing its work (one run in two on real Redis).
    // The stand-in answers the ready check only once the client quits, so the SUBSCRIBE is
    // still queued when the connection closes: the race is lost every time.
    const redis = await startRedisStandIn({ heldUntilQuit: ['info'] })
    cleanup(() => redis.close())
    // Committed, so the child process sees it.
    const user = await createUser({ email: 'console.redis@example.test' })
    cleanup(async () => {
      await AdminAuditEntry.query().where('target_id', String(user.id)).delete()
      await user.delete()
    })

    const run = await runConsoleCommand(['users:promote', 'console.redis@example.test'], {
      REDIS_URL: redis.url,
    })

    // Transmit's publisher and subscriber both connected, and quit.
    assert.lengthOf(
      redis.commands.filter(([name]) => name === 'quit'),
      2
    )
    assert.include(run.output, 'console.redis@example.test is now an admin')
    assert.notInclude(run.output, 'Connection is closed')
    assert.equal(run.code, 0, run.output)
    assert.equal((await User.findOrFail(user.id)).role, 'admin')
  }).timeout(60_000)
})
