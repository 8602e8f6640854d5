import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { SessionCollection } from '@adonisjs/session'
import ApiToken from '#keys/models/api_token'
import User from '#accounts/models/user'
import Subscription from '#accounts/models/subscription'
import { createApiKey, createUser, setPlan } from '#tests/helpers/factories'
import { CookieBrowser } from '#tests/helpers/cookie_browser'

async function sessionsOf(userId: number) {
  const sessions = await app.container.make(SessionCollection)
  return sessions.tagged(String(userId))
}

test.group('Suspending a user', () => {
  test('a suspended user cannot sign in and is told why; unsuspending lets them in again', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ role: 'admin' })
    const user = await createUser({ email: 'blocked.signin@example.test' })

    const suspend = await client
      .post(`/api/admin/users/${user.id}/suspend`)
      .withCsrfToken()
      .loginAs(admin)
    suspend.assertStatus(200)
    assert.containsSubset(suspend.body(), { userId: user.id, changed: true })
    assert.isString(suspend.body().suspendedAt)

    const refused = await client
      .post('/api/login/dev')
      .json({ email: 'blocked.signin@example.test' })
      .withCsrfToken()
      .redirects(0)
    refused.assertStatus(302)
    refused.assertHeader('location', '/?login_error=account_suspended')
    assert.isUndefined(refused.session('auth_web'))

    const unsuspend = await client
      .post(`/api/admin/users/${user.id}/unsuspend`)
      .withCsrfToken()
      .loginAs(admin)
    unsuspend.assertStatus(200)
    assert.containsSubset(unsuspend.body(), { userId: user.id, suspendedAt: null, changed: true })

    const allowed = await client
      .post('/api/login/dev')
      .json({ email: 'blocked.signin@example.test' })
      .withCsrfToken()
      .redirects(0)
    allowed.assertStatus(302)
    allowed.assertHeader('location', '/')
    assert.equal(allowed.session('auth_web'), user.id)
  })

  test("suspension ends the user's browser sessions at once", async ({ client, assert }) => {
    const admin = await createUser({ role: 'admin' })
    const user = await createUser({ email: 'session.ender@example.test' })
    const browser = new CookieBrowser()
    await browser.signIn('session.ender@example.test')
    assert.equal((await browser.get('/api/auth/user')).status, 200)
    assert.lengthOf(await sessionsOf(user.id), 1)

    const suspend = await client
      .post(`/api/admin/users/${user.id}/suspend`)
      .withCsrfToken()
      .loginAs(admin)
    assert.equal(suspend.body().sessionsEnded, 1)
    assert.lengthOf(await sessionsOf(user.id), 0)

    const after = await browser.get('/api/auth/user')
    assert.equal(after.status, 401)
  })

  test("the user's API keys answer 403 account_suspended, and work again after unsuspension", async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ role: 'admin' })
    const user = await createUser()
    const { key, record } = await createApiKey(user)

    const warm = await client.get('/api/v1/me').bearerToken(key)
    warm.assertStatus(200) // the key is now in the verifier's cache

    await client.post(`/api/admin/users/${user.id}/suspend`).withCsrfToken().loginAs(admin)
    const refused = await client.get('/api/v1/me').bearerToken(key)
    refused.assertStatus(403)
    refused.assertBodyContains({ error: { code: 'account_suspended' } })

    await client.post(`/api/admin/users/${user.id}/unsuspend`).withCsrfToken().loginAs(admin)
    const restored = await client.get('/api/v1/me').bearerToken(key)
    restored.assertStatus(200)
    assert.equal(restored.body().id, user.id)

    await record.refresh()
    assert.isNull(record.revokedAt)
  })

  test('nothing of the user is deleted: keys, subscription and the row stay', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ role: 'admin' })
    const user = await createUser()
    await setPlan(user, 'agency', 'active', 'stripe')
    await createApiKey(user)
    await client.post(`/api/admin/users/${user.id}/suspend`).withCsrfToken().loginAs(admin)

    const stored = await User.findOrFail(user.id)
    assert.isNotNull(stored.suspendedAt)
    const keys = await ApiToken.query().where('user_id', user.id).whereNull('revoked_at')
    assert.lengthOf(keys, 1)
    const subscription = await Subscription.findByOrFail('user_id', user.id)
    assert.equal(subscription.status, 'active')
    assert.equal(subscription.planId, 'agency')

    const listed = await client.get('/api/admin/users').qs({ search: user.email }).loginAs(admin)
    assert.isString(listed.body().users[0].suspendedAt)
  })

  test('an admin cannot suspend themself', async ({ client, assert }) => {
    const admin = await createUser({ role: 'admin' })
    const response = await client
      .post(`/api/admin/users/${admin.id}/suspend`)
      .withCsrfToken()
      .loginAs(admin)
    response.assertStatus(422)
    response.assertBodyContains({ error: { code: 'cannot_suspend_self' } })
    await admin.refresh()
    assert.isNull(admin.suspendedAt)
  })

  test('suspending twice changes nothing the second time', async ({ client, assert }) => {
    const admin = await createUser({ role: 'admin' })
    const user = await createUser()
    const first = await client
      .post(`/api/admin/users/${user.id}/suspend`)
      .withCsrfToken()
      .loginAs(admin)
    const second = await client
      .post(`/api/admin/users/${user.id}/suspend`)
      .withCsrfToken()
      .loginAs(admin)
    second.assertStatus(200)
    assert.isFalse(second.body().changed)
    assert.equal(second.body().suspendedAt, first.body().suspendedAt)
  })

  test('suspending an unknown user answers 404 not_found', async ({ client }) => {
    const admin = await createUser({ role: 'admin' })
    const response = await client
      .post('/api/admin/users/999999/suspend')
      .withCsrfToken()
      .loginAs(admin)
    response.assertStatus(404)
    response.assertBodyContains({ error: { code: 'not_found' } })
  })
})
