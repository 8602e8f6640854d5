import { test } from '@japa/runner'
import { OAuth2Server } from 'oauth2-mock-server'
import User from '#accounts/models/user'
import { CookieJar, freePort, startAppProcess, type AppProcess } from '#tests/helpers/app_process'

/**
 * The real Ally Google driver against a local OAuth2/OIDC server (oauth2-mock-server),
 * through the GOOGLE_*_URL overrides, with the app running as a separate process.
 */
test.group('Google sign-in', (group) => {
  let oauth: OAuth2Server
  let appProcess: AppProcess
  let profile: Record<string, unknown>

  group.setup(async () => {
    oauth = new OAuth2Server()
    await oauth.issuer.keys.generate('RS256')
    const oauthPort = await freePort()
    await oauth.start(oauthPort, '127.0.0.1')
    oauth.service.on('beforeUserinfo', (response: { body: unknown; statusCode: number }) => {
      response.body = profile
      response.statusCode = 200
    })
    const issuer = `http://127.0.0.1:${oauthPort}`
    appProcess = await startAppProcess({
      GOOGLE_CLIENT_ID: 'adrelay-test-client',
      GOOGLE_CLIENT_SECRET: 'adrelay-test-secret',
      GOOGLE_AUTHORIZE_URL: `${issuer}/authorize`,
      GOOGLE_ACCESS_TOKEN_URL: `${issuer}/token`,
      GOOGLE_USER_INFO_URL: `${issuer}/userinfo`,
      GOOGLE_CALLBACK_URL: 'http://127.0.0.1:0/api/callback',
    })
    return async () => {
      await appProcess.stop()
      await oauth.stop()
    }
  })

  /** Follows /api/login → stand-in /authorize → /api/callback and returns the final response. */
  async function signIn(jar: CookieJar) {
    const login = await fetch(`${appProcess.url}/api/login`, { redirect: 'manual' })
    jar.store(login)
    const authorizeUrl = new URL(login.headers.get('location')!)
    // The callback URL configured is a placeholder; point the redirect at the running app.
    authorizeUrl.searchParams.set('redirect_uri', `${appProcess.url}/api/callback`)
    const authorize = await fetch(authorizeUrl, { redirect: 'manual' })
    const callbackUrl = new URL(authorize.headers.get('location')!)
    const callback = await fetch(callbackUrl, {
      redirect: 'manual',
      headers: { cookie: jar.header() },
    })
    jar.store(callback)
    return { login, authorizeUrl, callback }
  }

  test('GET /api/login redirects to Google with the openid email profile scopes', async ({
    assert,
  }) => {
    const { authorizeUrl } = await signIn(new CookieJar())
    assert.equal(authorizeUrl.pathname, '/authorize')
    assert.equal(authorizeUrl.searchParams.get('client_id'), 'adrelay-test-client')
    assert.includeMembers(authorizeUrl.searchParams.get('scope')!.split(' '), [
      'openid',
      'email',
      'profile',
    ])
    assert.isNotEmpty(authorizeUrl.searchParams.get('state'))
  })

  test('a new user signs in, is created and lands on / with a session', async ({ assert }) => {
    profile = {
      sub: 'google-sub-new-1',
      email: 'New.Person@Example.test',
      email_verified: true,
      name: 'New Person',
      given_name: 'New',
      family_name: 'Person',
      picture: 'https://example.test/avatar.png',
    }
    const jar = new CookieJar()
    const { callback } = await signIn(jar)
    assert.equal(callback.status, 302)
    assert.equal(callback.headers.get('location'), '/')

    const me = await fetch(`${appProcess.url}/api/auth/user`, { headers: { cookie: jar.header() } })
    assert.equal(me.status, 200)
    const body = (await me.json()) as Record<string, any>
    assert.equal(body.email, 'new.person@example.test')
    assert.equal(body.firstName, 'New')
    assert.equal(body.lastName, 'Person')
    assert.equal(body.subscription.plan.name, 'Free')

    const stored = await User.findByOrFail('email', 'new.person@example.test')
    assert.equal(stored.googleSubjectId, 'google-sub-new-1')
    const cookie = jar.header()
    assert.include(cookie, 'adrelay_session=')
  })

  test('a returning user is matched by Google subject and updated, not duplicated', async ({
    assert,
  }) => {
    const existing = await User.create({
      email: 'old.address@example.test',
      firstName: 'Old',
      lastName: 'Name',
      role: 'admin',
      googleSubjectId: 'google-sub-returning',
    })
    profile = {
      sub: 'google-sub-returning',
      email: 'new.address@example.test',
      email_verified: true,
      name: 'Renamed Person',
      given_name: 'Renamed',
      family_name: 'Person',
    }
    const jar = new CookieJar()
    const { callback } = await signIn(jar)
    assert.equal(callback.headers.get('location'), '/')

    const users = await User.query().where('google_subject_id', 'google-sub-returning')
    assert.lengthOf(users, 1)
    await existing.refresh()
    assert.equal(existing.email, 'new.address@example.test')
    assert.equal(existing.firstName, 'Renamed')
    assert.equal(existing.role, 'admin')
  })

  test('a tampered state is refused and no session is started', async ({ assert }) => {
    const jar = new CookieJar()
    const login = await fetch(`${appProcess.url}/api/login`, { redirect: 'manual' })
    jar.store(login)
    const callback = await fetch(`${appProcess.url}/api/callback?code=abc&state=forged`, {
      redirect: 'manual',
      headers: { cookie: jar.header() },
    })
    assert.equal(callback.status, 302)
    assert.equal(callback.headers.get('location'), '/?login_error=invalid_state')
    const me = await fetch(`${appProcess.url}/api/auth/user`, { headers: { cookie: jar.header() } })
    assert.equal(me.status, 401)
  })

  test('GET /api/logout ends the session and redirects to /', async ({ assert }) => {
    profile = { sub: 'google-sub-logout', email: 'logout@example.test', email_verified: true }
    const jar = new CookieJar()
    await signIn(jar)
    const logout = await fetch(`${appProcess.url}/api/logout`, {
      redirect: 'manual',
      headers: { cookie: jar.header() },
    })
    assert.equal(logout.status, 302)
    assert.equal(logout.headers.get('location'), '/')
    jar.store(logout)
    const me = await fetch(`${appProcess.url}/api/auth/user`, { headers: { cookie: jar.header() } })
    assert.equal(me.status, 401)
    assert.deepEqual(await me.json(), { message: 'Unauthorized' })
  })
})
