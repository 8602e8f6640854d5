import { test } from '@japa/runner'
import AdminAuditEntry from '#admin/models/admin_audit_entry'
import { createUser } from '#tests/helpers/factories'
import { useRolledBackTransaction } from '#tests/helpers/rolled_back_transaction'

test.group('Admin audit log', (group) => {
  useRolledBackTransaction(group)
  test('suspend, unsuspend and export are recorded with actor, target and time, newest first', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ role: 'admin', email: 'auditor@example.test' })
    const user = await createUser({ email: 'audited@example.test' })
    const startedAt = Date.now() - 1000

    await client.post(`/api/admin/users/${user.id}/suspend`).withCsrfToken().loginAs(admin)
    await client.post(`/api/admin/users/${user.id}/unsuspend`).withCsrfToken().loginAs(admin)
    await client.get('/api/admin/users/export').qs({ search: 'audited@' }).loginAs(admin)

    const response = await client.get('/api/admin/audit-log').qs({ perPage: 100 }).loginAs(admin)
    response.assertStatus(200)
    const mine = response
      .body()
      .entries.filter((entry: any) => entry.actor.email === 'auditor@example.test')
    assert.deepEqual(
      mine.map((entry: any) => entry.action),
      ['users.exported', 'user.unsuspended', 'user.suspended']
    )
    assert.containsSubset(mine[2], {
      action: 'user.suspended',
      actor: { id: admin.id, email: 'auditor@example.test' },
      target: { type: 'user', id: String(user.id), label: 'audited@example.test' },
    })
    assert.containsSubset(mine[0], {
      target: null,
      details: { search: 'audited@', rows: 1 },
    })
    for (const entry of mine) {
      assert.isAtLeast(new Date(entry.createdAt).getTime(), Math.floor(startedAt / 1000) * 1000)
    }
  })

  test("the log can be narrowed to one user's entries", async ({ client, assert }) => {
    const admin = await createUser({ role: 'admin' })
    const first = await createUser()
    const second = await createUser()
    await client.post(`/api/admin/users/${first.id}/suspend`).withCsrfToken().loginAs(admin)
    await client.post(`/api/admin/users/${second.id}/suspend`).withCsrfToken().loginAs(admin)

    const response = await client
      .get('/api/admin/audit-log')
      .qs({ userId: first.id })
      .loginAs(admin)
    assert.deepEqual(
      response.body().entries.map((entry: any) => [entry.action, entry.target.id]),
      [['user.suspended', String(first.id)]]
    )
  })

  test('refused actions leave no entry', async ({ client, assert }) => {
    const admin = await createUser({ role: 'admin' })
    const before = await AdminAuditEntry.query()
      .where('actor_id', admin.id)
      .count('* as total')
      .first()
    await client.post(`/api/admin/users/${admin.id}/suspend`).withCsrfToken().loginAs(admin)
    await client.post('/api/admin/users/999999/suspend').withCsrfToken().loginAs(admin)
    const after = await AdminAuditEntry.query()
      .where('actor_id', admin.id)
      .count('* as total')
      .first()
    assert.equal(Number(after?.$extras.total), Number(before?.$extras.total))
    assert.equal(Number(after?.$extras.total), 0)
  })
})
