import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import MetaConnection from '#meta/models/meta_connection'
import { MetaConnections } from '#meta/services/meta_connections'
import { createApiKey, createUser } from '#tests/helpers/factories'
import { ALEX, BLAIR, consent, createConnectedUser, freshSandbox } from '#tests/helpers/meta'

/** Starts a connect as `user`; returns the dialog URL and the session the start left behind. */
async function start(client: any, user: any) {
  const response = await client.get('/meta/oauth/start').loginAs(user).redirects(0)
  response.assertStatus(302)
  // Only the pending connect: the auth part of the session comes from loginAs (or not at all).
  return {
    dialogUrl: response.header('location') as string,
    session: { meta_oauth: response.session().meta_oauth },
  }
}

/**
 * A new user who started a connect and allowed it in the dialog: the user, the callback URL
 * the dialog sent back (`back`) and the session to present with it.
 */
async function allowedConsent(client: any) {
  const user = await createUser()
  const { dialogUrl, session } = await start(client, user)
  const back = await consent(dialogUrl, 'allow')
  return { user, back, session }
}

function callback(client: any, user: any, url: URL, session: Record<string, unknown>) {
  return client
    .get(`/meta/oauth/callback${url.search}`)
    .withSession(session)
    .loginAs(user)
    .redirects(0)
}

test.group('Meta connect flow (OAuth against the sandbox)', (group) => {
  group.each.setup(async () => {
    await freshSandbox()
  })

  test('starting a connect redirects to the Meta dialog with the ads scopes and a one-time state', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const { dialogUrl, session } = await start(client, user)
    const url = new URL(dialogUrl)
    assert.match(url.pathname, /^\/v25\.0\/dialog\/oauth$/)
    assert.equal(url.searchParams.get('scope'), 'ads_read,ads_management,business_management')
    assert.equal(url.searchParams.get('response_type'), 'code')
    assert.match(url.searchParams.get('redirect_uri')!, /\/meta\/oauth\/callback$/)
    assert.equal(url.searchParams.get('state'), (session.meta_oauth as any).state)
    assert.isAtLeast(url.searchParams.get('state')!.length, 40)
  })

  test('allowing on the consent page connects the account and returns with success=meta_connected', async ({
    client,
    assert,
  }) => {
    const { user, back, session } = await allowedConsent(client)
    const response = await callback(client, user, back, session)
    response.assertStatus(302)
    response.assertHeader('location', '/integrations?success=meta_connected')

    const status = await client.get('/api/meta/status').loginAs(user)
    status.assertStatus(200)
    assert.containsSubset(status.body(), {
      connected: true,
      name: ALEX.name,
      userId: ALEX.id,
      isLongLived: true,
      reconnectRequired: false,
      sandbox: true,
    })
    const days = (new Date(status.body().expiresAt).getTime() - Date.now()) / 86_400_000
    assert.isAbove(days, 59)
    assert.isBelow(days, 61)
  })

  test('the stored token is encrypted: the column does not contain the token', async ({
    client,
    assert,
  }) => {
    const { user, back, session } = await allowedConsent(client)
    await callback(client, user, back, session)

    const row = await MetaConnection.findByOrFail('userId', user.id)
    const token = await (await app.container.make(MetaConnections)).accessToken(row)
    assert.match(token, /^EAA/)
    const stored = JSON.stringify(
      await db.from('meta_connections').where('user_id', user.id).first()
    )
    assert.notInclude(stored, token)
    assert.notInclude(stored, token.slice(4, 40))
    assert.match(row.accessTokenEncrypted, /^meta_tokens\./)

    const status = await client.get('/api/meta/status').loginAs(user)
    assert.notInclude(JSON.stringify(status.body()), token)
    assert.notInclude(JSON.stringify(status.body()), row.accessTokenEncrypted)
  })

  test('cancelling on the consent page returns with error=meta_oauth_failed', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const { dialogUrl, session } = await start(client, user)
    const back = await consent(dialogUrl, 'cancel')
    assert.equal(back.searchParams.get('error'), 'access_denied')
    const response = await callback(client, user, back, session)
    response.assertHeader('location', '/integrations?error=meta_oauth_failed')
    assert.isNull(await MetaConnection.findBy('userId', user.id))
  })

  test('a state that does not match the session returns with error=invalid_state', async ({
    client,
    assert,
  }) => {
    const { user, back, session } = await allowedConsent(client)
    back.searchParams.set('state', 'forged-state-value')
    const response = await callback(client, user, back, session)
    response.assertHeader('location', '/integrations?error=invalid_state')
    assert.isNull(await MetaConnection.findBy('userId', user.id))
  })

  test('a callback without a pending connect in the session returns with error=session_expired', async ({
    client,
  }) => {
    const user = await createUser()
    const { dialogUrl } = await start(client, user)
    const back = await consent(dialogUrl, 'allow')
    const response = await callback(client, user, back, {})
    response.assertHeader('location', '/integrations?error=session_expired')
  })

  test('a callback after the connect attempt went stale returns with error=session_expired', async ({
    client,
  }) => {
    const { user, back, session } = await allowedConsent(client)
    const stale = {
      meta_oauth: { ...(session.meta_oauth as any), createdAt: Date.now() - 60 * 60_000 },
    }
    const response = await callback(client, user, back, stale)
    response.assertHeader('location', '/integrations?error=session_expired')
  })

  test('a callback from a signed-out browser returns with error=session_expired', async ({
    client,
  }) => {
    const { back, session } = await allowedConsent(client)
    const response = await client
      .get(`/meta/oauth/callback${back.search}`)
      .withSession(session)
      .redirects(0)
    response.assertHeader('location', '/integrations?error=session_expired')
  })

  test('Meta refusing the code exchange returns with error=token_exchange_failed', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const sandbox = await freshSandbox()
    const { dialogUrl, session } = await start(client, user)
    const back = await consent(dialogUrl, 'allow')
    sandbox.failNext({
      path: 'oauth/access_token',
      code: 100,
      subcode: 36007,
      message: 'Invalid verification code format.',
    })
    const response = await callback(client, user, back, session)
    response.assertHeader('location', '/integrations?error=token_exchange_failed')
    assert.isNull(await MetaConnection.findBy('userId', user.id))
  })

  test('a code used twice is refused by Meta and returns with error=token_exchange_failed', async ({
    client,
  }) => {
    const { user, back, session } = await allowedConsent(client)
    ;(await callback(client, user, back, session)).assertHeader(
      'location',
      '/integrations?success=meta_connected'
    )
    const again = await callback(client, user, back, session)
    again.assertHeader('location', '/integrations?error=token_exchange_failed')
  })

  test('Meta failing on /me returns with error=user_info_failed', async ({ client, assert }) => {
    const user = await createUser()
    const sandbox = await freshSandbox()
    const { dialogUrl, session } = await start(client, user)
    const back = await consent(dialogUrl, 'allow')
    sandbox.failNext({ path: 'me', method: 'GET', code: 100, message: 'Unsupported get request.' })
    const response = await callback(client, user, back, session)
    response.assertHeader('location', '/integrations?error=user_info_failed')
    assert.isNull(await MetaConnection.findBy('userId', user.id))
  })

  test('when the long-lived exchange fails the short-lived token is kept and shown as such', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const sandbox = await freshSandbox()
    const { dialogUrl, session } = await start(client, user)
    const back = await consent(dialogUrl, 'allow')
    sandbox.failNext({
      path: 'oauth/access_token',
      params: { grant_type: 'fb_exchange_token' },
      code: 100,
      message: 'Invalid OAuth access token.',
    })
    const response = await callback(client, user, back, session)
    response.assertHeader('location', '/integrations?success=meta_connected')

    const status = await client.get('/api/meta/status').loginAs(user)
    assert.isFalse(status.body().isLongLived)
    const minutes = (new Date(status.body().expiresAt).getTime() - Date.now()) / 60_000
    assert.isAbove(minutes, 55)
    assert.isBelow(minutes, 61)
  })

  test('an unexpected failure while storing the connection returns with error=oauth_callback_failed', async ({
    client,
    assert,
  }) => {
    const { user, back, session } = await allowedConsent(client)
    // The database refuses the write (table unavailable): nothing the user did wrong.
    await db.rawQuery('ALTER TABLE meta_connections RENAME TO meta_connections_unavailable')
    try {
      const response = await callback(client, user, back, session)
      response.assertHeader('location', '/integrations?error=oauth_callback_failed')
    } finally {
      await db.rawQuery('ALTER TABLE meta_connections_unavailable RENAME TO meta_connections')
    }
    assert.isNull(await MetaConnection.findBy('userId', user.id))
  })
})

test.group("One customer's Meta rate limit stays theirs (Meta's scopes)", (group) => {
  group.each.setup(async () => {
    await freshSandbox()
  })

  test("error 80004 on one user's ad account blocks neither another user nor a new connect", async ({
    client,
    assert,
  }) => {
    const sandbox = await freshSandbox()
    const alex = await createConnectedUser(ALEX)
    const blair = await createConnectedUser(BLAIR)
    const alexKey = (await createApiKey(alex)).key
    const blairKey = (await createApiKey(blair)).key
    const listCampaigns = (key: string, adAccountId: string) =>
      client.get('/api/v1/meta/list_campaigns').qs({ adAccountId }).bearerToken(key)

    // Alex's account has been called (Meta reported its business in the usage headers)...
    ;(await listCampaigns(alexKey, ALEX.accounts[0])).assertStatus(200)
    // ...then Meta throttles Alex's business for ads management for 3 minutes.
    sandbox.failNext({ code: 80004, path: `${ALEX.accounts[0]}/campaigns`, regainMinutes: 3 })
    const throttled = await listCampaigns(alexKey, ALEX.accounts[0])
    throttled.assertStatus(429)
    throttled.assertBodyContains({ error: { code: 'meta_rate_limited' } })
    assert.isAtLeast(Number(throttled.header('retry-after')), 170)

    // Alex's next call is refused here without reaching Meta.
    const before = sandbox.requests.length
    ;(await listCampaigns(alexKey, ALEX.accounts[0])).assertStatus(429)
    assert.equal(sandbox.requests.length, before)

    // Blair (another Meta user, business and ad account) is not affected.
    const other = await listCampaigns(blairKey, BLAIR.accounts[0])
    other.assertStatus(200)
    assert.isAbove(other.body().campaigns.length, 0)

    // A new user connects Meta in the same window.
    const { user, back, session } = await allowedConsent(client)
    const connected = await callback(client, user, back, session)
    connected.assertHeader('location', '/integrations?success=meta_connected')
  })
})
