import { test } from '@japa/runner'
import User from '#accounts/models/user'
import { createUser } from '#tests/helpers/factories'
import { runAppProcessToExit, startAppProcess } from '#tests/helpers/app_process'

test.group('Development sign-in (Google not configured, outside production)', () => {
  test('GET /api/login shows the development sign-in page', async ({ client }) => {
    const response = await client.get('/api/login').redirects(0)
    response.assertStatus(200)
    response.assertTextIncludes('auth/dev_login')
  })

  test('POST /api/login/dev creates the user and starts a session', async ({ client, assert }) => {
    const response = await client
      .post('/api/login/dev')
      .json({ email: 'Dev.User@Example.test', firstName: 'Dev', lastName: 'User' })
      .withCsrfToken()
      .redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/')
    const user = await User.findByOrFail('email', 'dev.user@example.test')
    assert.equal(user.firstName, 'Dev')
    assert.equal(response.session('auth_web'), user.id)
  })

  test('names are stored without control or bidirectional-override characters', async ({
    client,
    assert,
  }) => {
    const response = await client
      .post('/api/login/dev')
      .json({ email: 'bidi.name@example.test', firstName: 'Ad\u202Emin\u0000', lastName: 'Doe' })
      .withCsrfToken()
      .redirects(0)
    response.assertStatus(302)
    const user = await User.findByOrFail('email', 'bidi.name@example.test')
    assert.equal(user.firstName, 'Admin')
  })

  test('an invalid email is refused with 422 validation_failed', async ({ client }) => {
    const response = await client
      .post('/api/login/dev')
      .json({ email: 'not-an-email' })
      .withCsrfToken()
    response.assertStatus(422)
    response.assertBodyContains({ error: { code: 'validation_failed' } })
  })

  test('GET /api/auth/user describes the signed-in user with the Free plan', async ({
    client,
    assert,
  }) => {
    const user = await createUser({ email: 'me@example.test', firstName: 'Me', lastName: 'Self' })
    const response = await client.get('/api/auth/user').loginAs(user)
    response.assertStatus(200)
    const body = response.body()
    assert.containsSubset(body, {
      id: user.id,
      email: 'me@example.test',
      firstName: 'Me',
      lastName: 'Self',
      role: 'user',
      apiTokensCount: 0,
      subscription: {
        status: 'active',
        plan: { id: 'free', name: 'Free', price: 0, requestLimit: 10000 },
      },
    })
    assert.isString(body.createdAt)
  })
})

test.group('Production mode', () => {
  const productionEnv = {
    NODE_ENV: 'production',
    APP_KEY: 'production-test-key-0123456789abcdef',
    APP_URL: 'http://127.0.0.1',
    GOOGLE_CLIENT_ID: 'client',
    GOOGLE_CLIENT_SECRET: 'secret',
    META_TOKEN_ENCRYPTION_KEY: 'production-test-meta-key-0123456789abcdef',
    LOG_LEVEL: 'silent',
  }

  test('the development sign-in does not exist in production', async ({ assert }) => {
    const server = await startAppProcess(productionEnv)
    try {
      const login = await fetch(`${server.url}/api/login`, { redirect: 'manual' })
      assert.equal(login.status, 302)
      assert.match(login.headers.get('location')!, /^https:\/\/accounts\.google\.com\//)

      const dev = await fetch(`${server.url}/api/login/dev`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'intruder@example.test' }),
      })
      assert.equal(dev.status, 404)
      assert.isNull(await User.findBy('email', 'intruder@example.test'))
    } finally {
      await server.stop()
    }
  })

  test('production refuses to boot without Google credentials and says why', async ({ assert }) => {
    const { code, output } = await runAppProcessToExit({
      ...productionEnv,
      GOOGLE_CLIENT_ID: '',
      GOOGLE_CLIENT_SECRET: '',
    })
    assert.notEqual(code, 0)
    assert.include(output, 'GOOGLE_CLIENT_ID')
    assert.include(output, 'Google sign-in')
  })
})
