import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import User from '#accounts/models/user'
import AdminAuditEntry from '#admin/models/admin_audit_entry'
import { createUser } from '#tests/helpers/factories'
import { useRolledBackTransaction } from '#tests/helpers/rolled_back_transaction'

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
