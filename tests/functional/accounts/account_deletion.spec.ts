import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import { SessionCollection } from '@adonisjs/session'
import User from '#accounts/models/user'
import AccountDeletion from '#accounts/models/account_deletion'
import Subscription from '#accounts/models/subscription'
import { AuditLog } from '#admin/services/audit_log'
import { GraphClient } from '#meta/services/graph_client'
import { RATE_LIMITS } from '#start/limiter'
import { AppError } from '#shared/errors'
import { createApiKey, createUser } from '#tests/helpers/factories'
import { connectMeta, freshSandbox } from '#tests/helpers/meta'
import { useStripeStandIn } from '#tests/helpers/billing'
import { CookieBrowser } from '#tests/helpers/cookie_browser'

/** Tables with a `user_id` column holding the user's personal data. */
const USER_TABLES = [
  'api_tokens',
  'api_calls',
  'api_call_rollups',
  'api_call_endpoint_rollups',
  'api_call_latency_rollups',
  'api_call_latency_daily_rollups',
  'api_call_endpoint_daily_rollups',
  'api_call_latency_monthly_rollups',
  'api_call_endpoint_monthly_rollups',
  'usage_counters',
  'subscriptions',
  'meta_connections',
  'invitation_redemptions',
  'device_authorizations',
]

async function rowsLeft(userId: number) {
  const left: Record<string, number> = {}
  for (const table of USER_TABLES) {
    const [row] = await db.from(table).where('user_id', userId).count('* as total')
    left[table] = Number(row.total)
  }
  return left
}

async function sessionsOf(userId: number) {
  const sessions = await app.container.make(SessionCollection)
  return sessions.tagged(String(userId))
}

/** Whether Meta (the sandbox) still accepts `token`. */
async function metaAccepts(token: string) {
  const graph = await app.container.make(GraphClient)
  try {
    await graph.get('me', { fields: 'id' }, token)
    return true
  } catch (error) {
    if (error instanceof AppError && error.code === 'meta_token_invalid') return false
    throw error
  }
}

/**
 * A signed-in user (through the dev sign-in, so the session is tagged in the store) with a
 * key minted on the profile endpoint, one metered call, a Stripe trial, a Meta connection and
 * an audit entry about them.
 */
async function fullAccount(client: any) {
  const browser = new CookieBrowser()
  const email = `leaving${Date.now()}@example.test`
  await browser.signIn(email)
  const user = await User.findByOrFail('email', email)
  const minted = await browser.send('POST', '/api/tokens', { name: 'n8n' })
  if (minted.status !== 201) throw new Error(`key creation answered ${minted.status}`)
  const { token: key } = (await minted.json()) as { token: string }
  const usage = await client.get('/api/v1/usage').bearerToken(key)
  usage.assertStatus(200)
  const subscribed = await client
    .post('/api/create-subscription')
    .json({ planId: 'trafficker' })
    .withCsrfToken()
    .loginAs(user)
  subscribed.assertStatus(200)
  const subscription = await Subscription.findByOrFail('userId', user.id)
  const metaToken = await connectMeta(user)
  await new AuditLog().record({
    actor: 'cli',
    action: 'user.promoted',
    target: { type: 'user', id: user.id, label: user.email },
    details: { note: `asked by ${email}` },
  })
  return { browser, user, key, metaToken, stripeSubscriptionId: subscription.stripeSubscriptionId! }
}

test.group('Delete my account', (group) => {
  let stripe: Awaited<ReturnType<typeof useStripeStandIn>>
  group.setup(async () => {
    stripe = await useStripeStandIn()
    return () => stripe.stop()
  })
  group.each.setup(async () => {
    await freshSandbox()
  })

  test('a signed-out visitor gets 401', async ({ client }) => {
    const response = await client.delete('/api/account').json({ email: 'x@example.test' })
    response.assertStatus(401)
  })

  test('a wrong confirmation email is refused and nothing is deleted', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    await createApiKey(user)
    const response = await client
      .delete('/api/account')
      .json({ email: 'someone.else@example.test' })
      .withCsrfToken()
      .loginAs(user)
    response.assertStatus(422)
    assert.equal(response.body().error.code, 'email_mismatch')
    assert.isNotNull(await User.find(user.id))
    assert.equal((await rowsLeft(user.id)).api_tokens, 1)
    assert.isNull(await AccountDeletion.findBy('userId', user.id))

    const missing = await client.delete('/api/account').json({}).withCsrfToken().loginAs(user)
    missing.assertStatus(422)
  })

  test('deleting cancels Stripe, revokes Meta, and removes every row, session and counter', async ({
    client,
    assert,
  }) => {
    const { browser, user, key, metaToken, stripeSubscriptionId } = await fullAccount(client)
    const otherDevice = new CookieBrowser()
    await otherDevice.signIn(user.email)
    assert.lengthOf(await sessionsOf(user.id), 2)
    assert.isTrue(await metaAccepts(metaToken))
    const bucket = `api_key_creation_user_${user.id}`
    const keyLimiter = limiter.use({
      requests: RATE_LIMITS.apiKeyCreation.requests,
      duration: RATE_LIMITS.apiKeyCreation.every,
    })
    assert.isNotNull(await keyLimiter.get(bucket))

    const response = await browser.send('DELETE', '/api/account', {
      email: user.email.toUpperCase(),
    })
    assert.equal(response.status, 200)
    assert.deepEqual(await response.json(), {
      status: 'completed',
      completedSteps: [
        'accounts',
        'keys',
        'billing',
        'meta',
        'usage',
        'rules',
        'alerts',
        'leads',
        'embeds',
        'admin_audit_log',
      ],
    })

    // Stripe: the subscription was cancelled at Stripe.
    assert.equal(stripe.standIn.subscriptions.get(stripeSubscriptionId)?.status, 'canceled')
    assert.lengthOf(
      stripe.standIn.requestsTo('DELETE', `/v1/subscriptions/${stripeSubscriptionId}`),
      1
    )
    // Meta: the token no longer works at Meta.
    assert.isFalse(await metaAccepts(metaToken))
    // Rows, key, sessions, counters, rate-limit buckets.
    assert.isNull(await User.find(user.id))
    assert.deepEqual(
      Object.values(await rowsLeft(user.id)),
      USER_TABLES.map(() => 0)
    )
    ;(await client.get('/api/v1/usage').bearerToken(key)).assertStatus(401)
    assert.lengthOf(await sessionsOf(user.id), 0)
    assert.equal((await otherDevice.get('/api/auth/user')).status, 401)
    assert.equal((await browser.get('/api/auth/user')).status, 401)
    assert.isNull(await keyLimiter.get(bucket))
    if (process.env.REDIS_URL) {
      const redis = (await app.container.make('redis')).connection('main')
      assert.deepEqual(await redis.keys(`adrelay:quota:${user.id}:*`), [])
    }

    // The audit log keeps a pseudonym only.
    const deletion = await AccountDeletion.query().orderBy('id', 'desc').firstOrFail()
    assert.equal(deletion.status, 'completed')
    assert.isNull(deletion.userId)
    assert.match(deletion.pseudonym, /^deleted-user-[0-9a-f]{12}$/)
    const entries = await db.from('admin_audit_log').select('*')
    assert.notInclude(JSON.stringify(entries), user.email)
    assert.isUndefined(
      entries.find((entry) => entry.target_type === 'user' && entry.target_id === String(user.id))
    )
    assert.containsSubset(entries, [
      { action: 'user.promoted', target_id: deletion.pseudonym, target_label: deletion.pseudonym },
      {
        action: 'user.deleted',
        actor_id: null,
        actor_label: deletion.pseudonym,
        target_id: deletion.pseudonym,
      },
    ])
  })

  test('a deletion interrupted by a failing step finishes when run again', async ({
    client,
    assert,
  }) => {
    const { browser, user, metaToken, stripeSubscriptionId } = await fullAccount(client)
    const sandbox = await freshSandbox()
    // Meta is down for the revocation (both attempts of the Graph client).
    sandbox.failNext({ path: 'me/permissions', method: 'DELETE', code: 2, times: 2 })

    const failed = await browser.send('DELETE', '/api/account', { email: user.email })
    assert.equal(failed.status, 503)
    const body = (await failed.json()) as any
    assert.containsSubset(body.error, {
      code: 'account_deletion_incomplete',
      failedStep: 'meta',
      completedSteps: ['accounts', 'keys', 'billing'],
    })
    // Half-way: keys and subscription gone, the account and its Meta token still there, and
    // the deleting browser still signed in so it can try again.
    assert.isNotNull(await User.find(user.id))
    assert.containsSubset(await rowsLeft(user.id), {
      api_tokens: 0,
      subscriptions: 0,
      meta_connections: 1,
    })
    assert.isTrue(await metaAccepts(metaToken))
    assert.equal((await browser.get('/api/auth/user')).status, 200)
    const pending = await AccountDeletion.findByOrFail('userId', user.id)
    assert.equal(pending.status, 'in_progress')
    assert.equal(pending.lastError, 'meta: meta_error')

    const retried = await browser.send('DELETE', '/api/account', { email: user.email })
    assert.equal(retried.status, 200)
    assert.isNull(await User.find(user.id))
    assert.isFalse(await metaAccepts(metaToken))
    // Steps already done were not repeated: Stripe was asked to cancel once.
    assert.lengthOf(
      stripe.standIn.requestsTo('DELETE', `/v1/subscriptions/${stripeSubscriptionId}`),
      1
    )
    const done = await AccountDeletion.findOrFail(pending.id)
    assert.equal(done.status, 'completed')
    assert.equal(done.pseudonym, pending.pseudonym)
  })

  test('a subscription already cancelled at Stripe does not block the deletion', async ({
    client,
    assert,
  }) => {
    const { browser, user, stripeSubscriptionId } = await fullAccount(client)
    await stripe.gateway.client.subscriptions.cancel(stripeSubscriptionId)
    const response = await browser.send('DELETE', '/api/account', { email: user.email })
    assert.equal(response.status, 200)
    assert.isNull(await User.find(user.id))
  })
})

test.group('Admin: delete a user', () => {
  test('an admin deletes a user after typing their email; the audit log names the admin', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ role: 'admin' })
    const user = await createUser()
    await createApiKey(user)

    const wrong = await client
      .delete(`/api/admin/users/${user.id}`)
      .json({ email: admin.email })
      .withCsrfToken()
      .loginAs(admin)
    wrong.assertStatus(422)
    assert.equal(wrong.body().error.code, 'email_mismatch')

    const response = await client
      .delete(`/api/admin/users/${user.id}`)
      .json({ email: user.email })
      .withCsrfToken()
      .loginAs(admin)
    response.assertStatus(200)
    assert.equal(response.body().status, 'completed')
    assert.isNull(await User.find(user.id))
    assert.equal((await rowsLeft(user.id)).api_tokens, 0)

    const entry = await db
      .from('admin_audit_log')
      .where('action', 'user.deleted')
      .orderBy('id', 'desc')
      .first()
    assert.equal(entry.actor_label, admin.email)
    assert.match(entry.target_id, /^deleted-user-/)
    assert.equal(JSON.parse(entry.details).requestedBy, 'admin')

    const again = await client
      .delete(`/api/admin/users/${user.id}`)
      .json({ email: user.email })
      .withCsrfToken()
      .loginAs(admin)
    again.assertStatus(404)
  })

  test('an admin cannot delete their own account from the admin page; a user cannot delete others', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ role: 'admin' })
    const user = await createUser()
    const self = await client
      .delete(`/api/admin/users/${admin.id}`)
      .json({ email: admin.email })
      .withCsrfToken()
      .loginAs(admin)
    self.assertStatus(422)
    assert.equal(self.body().error.code, 'cannot_delete_self')

    const notAdmin = await client
      .delete(`/api/admin/users/${admin.id}`)
      .json({ email: admin.email })
      .withCsrfToken()
      .loginAs(user)
    notAdmin.assertStatus(403)
    assert.isNotNull(await User.find(admin.id))
  })
})
