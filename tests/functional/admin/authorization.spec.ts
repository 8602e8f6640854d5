import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import InvitationCode from '#billing/models/invitation_code'
import { CreateInvitationCode } from '#billing/actions/create_invitation_code'
import { createUser } from '#tests/helpers/factories'
import { useRolledBackTransaction } from '#tests/helpers/rolled_back_transaction'

function send(
  client: ApiClient,
  method: 'get' | 'post',
  path: string,
  body?: Record<string, unknown>
) {
  return method === 'get' ? client.get(path) : client.post(path).json(body ?? {})
}

async function createCode() {
  const view = await new CreateInvitationCode().execute({
    planId: 'trafficker',
    grantDays: 30,
    maxRedemptions: 3,
  })
  return InvitationCode.findOrFail(view.id)
}

/** Every admin endpoint, with a target that exists where one is needed. */
function endpoints(
  targetId: number,
  codeId: number
): Array<[method: 'get' | 'post', path: string, body?: Record<string, unknown>]> {
  return [
    ['get', '/api/admin/stats'],
    ['get', '/api/admin/users'],
    ['get', '/api/admin/users?search=a&page=1&perPage=5'],
    ['get', `/api/admin/users/${targetId}`],
    ['post', `/api/admin/users/${targetId}/suspend`],
    ['post', `/api/admin/users/${targetId}/unsuspend`],
    ['get', '/api/admin/users/export'],
    ['get', '/api/admin/audit-log'],
    ['get', '/api/admin/invitation-codes'],
    ['post', '/api/admin/invitation-codes', { planId: 'trafficker', maxRedemptions: 5 }],
    ['post', `/api/admin/invitation-codes/${codeId}/disable`],
  ]
}

test.group('Admin endpoints: who may call them', (group) => {
  useRolledBackTransaction(group)
  test('a signed-out visitor gets 401 Unauthorized on every admin endpoint', async ({
    client,
    assert,
  }) => {
    const target = await createUser()
    const code = await createCode()
    for (const [method, path, body] of endpoints(target.id, code.id)) {
      const response = await send(client, method, path, body).withCsrfToken()
      assert.equal(response.status(), 401, `${method.toUpperCase()} ${path}`)
      assert.deepEqual(response.body(), { message: 'Unauthorized' }, path)
    }
  })

  test('a signed-in non-admin gets 403 admin_required on every admin endpoint, and nothing changes', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const target = await createUser()
    const code = await createCode()
    for (const [method, path, body] of endpoints(target.id, code.id)) {
      const response = await send(client, method, path, body).withCsrfToken().loginAs(user)
      assert.equal(response.status(), 403, `${method.toUpperCase()} ${path}`)
      assert.deepEqual(
        response.body(),
        { error: { code: 'admin_required', message: 'Admin access required.' } },
        path
      )
    }
    await target.refresh()
    assert.isNull(target.suspendedAt)
    await code.refresh()
    assert.isNull(code.disabledAt)
    assert.lengthOf(await InvitationCode.query().where('created_by_user_id', user.id), 0)
  })

  test('an admin is served by every admin endpoint', async ({ client, assert }) => {
    const admin = await createUser({ role: 'admin' })
    const target = await createUser()
    const code = await createCode()
    for (const [method, path, body] of endpoints(target.id, code.id)) {
      const response = await send(client, method, path, body).withCsrfToken().loginAs(admin)
      assert.include(
        [200, 201],
        response.status(),
        `${method.toUpperCase()} ${path}: ${response.text()}`
      )
    }
  })

  test('a suspended admin is signed out and refused', async ({ client }) => {
    const admin = await createUser({ role: 'admin' })
    const other = await createUser({ role: 'admin' })
    await client.post(`/api/admin/users/${admin.id}/suspend`).withCsrfToken().loginAs(other)
    const response = await client.get('/api/admin/stats').loginAs(admin)
    response.assertStatus(401)
  })

  test('the /admin page renders no user data for a non-admin (the page itself turns them away)', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    await createUser({ email: 'someone.private@example.test' })
    const response = await client.get('/admin').loginAs(user)
    response.assertStatus(200)
    response.assertTextIncludes('admin/index')
    assert.notInclude(response.text(), 'someone.private@example.test')
  })
})
