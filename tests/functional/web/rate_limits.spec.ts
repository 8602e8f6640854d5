import { test } from '@japa/runner'
import http from 'node:http'
import type { ApiClient, ApiResponse } from '@japa/api-client'
import type User from '#accounts/models/user'
import { RATE_LIMITS } from '#start/limiter'
import { createUser } from '#tests/helpers/factories'
import { useBillingMode } from '#tests/helpers/billing'
import { mintCliToken } from '#tests/helpers/cli'

/**
 * One request to the test server from another loopback address (`localAddress`), so the
 * per-IP limits can be exhausted by one "client" while another keeps its own budget; the
 * test suite's own address (127.0.0.1) is never touched.
 */
function fromAddress(
  localAddress: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {}
) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      const request = http.request(
        {
          host: process.env.HOST ?? '127.0.0.1',
          port: Number(process.env.PORT ?? 3334),
          localAddress,
          path,
          method: options.method ?? 'GET',
          headers: { accept: 'application/json', ...options.headers },
        },
        (response) => {
          let body = ''
          response.setEncoding('utf8')
          response.on('data', (chunk) => (body += chunk))
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body })
          )
        }
      )
      request.on('error', reject)
      request.end(options.body)
    }
  )
}

/** Sends `count` requests one after the other; fails if any is already refused. */
async function spend(count: number, send: () => Promise<number>, assert: any) {
  for (let index = 0; index < count; index++) {
    const status = await send()
    assert.notEqual(status, 429, `request ${index + 1} of ${count} is within the limit`)
  }
}

function assertRateLimited(response: ApiResponse, assert: any) {
  response.assertStatus(429)
  response.assertBodyContains({ error: { code: 'rate_limited' } })
  const seconds = Number(response.header('retry-after'))
  assert.isAbove(seconds, 0)
  assert.equal(response.body().error.retryAfterSeconds, seconds)
  assert.match(response.body().error.message, /Try again in \d+ (seconds|minutes)\./)
}

test.group('Rate limits: per user', (group) => {
  group.setup(() => useBillingMode('manual'))

  const validate = (client: ApiClient, user: User) =>
    client
      .post('/api/validate-invitation-code')
      .json({ code: 'GUESS-0000' })
      .withCsrfToken()
      .loginAs(user)

  test('invitation-code validation is limited per user; another user keeps guessing', async ({
    client,
    assert,
  }) => {
    const guesser = await createUser()
    const other = await createUser()
    await spend(
      RATE_LIMITS.invitationCodes.requests,
      async () => (await validate(client, guesser)).status(),
      assert
    )

    const refused = await validate(client, guesser)
    assertRateLimited(refused, assert)
    assert.match(refused.body().error.message, /^Too many invitation code attempts\./)

    const allowed = await validate(client, other)
    allowed.assertStatus(200)
  })

  test('redeeming a code through create-subscription counts against the same limit', async ({
    client,
  }) => {
    const guesser = await createUser()
    const subscribe = (invitationCode?: string) =>
      client
        .post('/api/create-subscription')
        .json({ planId: 'trafficker', ...(invitationCode ? { invitationCode } : {}) })
        .withCsrfToken()
        .loginAs(guesser)
    for (let index = 0; index < RATE_LIMITS.invitationCodes.requests; index++) {
      await validate(client, guesser)
    }
    const redeem = await subscribe('GUESS-0001')
    redeem.assertStatus(429)
    redeem.assertBodyContains({ error: { code: 'rate_limited' } })
    // Without a code the request is not an invitation attempt.
    const plain = await subscribe()
    plain.assertStatus(200)
  })

  test('subscription creation and changes are limited per user', async ({ client, assert }) => {
    const user = await createUser()
    const other = await createUser()
    const preview = (who: User) =>
      client
        .post('/api/preview-subscription-change')
        .json({ planId: 'agency' })
        .withCsrfToken()
        .loginAs(who)
    await spend(
      RATE_LIMITS.subscriptionChanges.requests,
      async () => (await preview(user)).status(),
      assert
    )
    for (const path of [
      '/api/preview-subscription-change',
      '/api/create-subscription',
      '/api/finalize-subscription',
      '/api/subscription/keep-plan',
    ]) {
      const refused = await client
        .post(path)
        .json({ planId: 'agency' })
        .withCsrfToken()
        .loginAs(user)
      assertRateLimited(refused, assert)
    }
    ;(await preview(other)).assertStatus(200)
  })

  test('API key creation is limited per user', async ({ client, assert }) => {
    const user = await createUser()
    const other = await createUser()
    const create = (who: User) =>
      client.post('/api/tokens').json({ name: 'limited' }).withCsrfToken().loginAs(who)
    await spend(
      RATE_LIMITS.apiKeyCreation.requests,
      async () => (await create(user)).status(),
      assert
    )
    const refused = await create(user)
    assertRateLimited(refused, assert)
    assert.match(refused.body().error.message, /^Too many API keys created\./)
    ;(await create(other)).assertStatus(201)
  })

  test("minting keys from the CLI counts against the same user's key-creation limit", async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const token = await mintCliToken(user)
    const half = Math.floor(RATE_LIMITS.apiKeyCreation.requests / 2)
    await spend(
      half,
      async () =>
        (
          await client.post('/api/tokens').json({ name: 'web' }).withCsrfToken().loginAs(user)
        ).status(),
      assert
    )
    await spend(
      RATE_LIMITS.apiKeyCreation.requests - half,
      async () =>
        (await client.post('/api/v1/keys').json({ name: 'cli' }).bearerToken(token)).status(),
      assert
    )
    assertRateLimited(
      await client.post('/api/v1/keys').json({ name: 'cli' }).bearerToken(token),
      assert
    )
    assertRateLimited(
      await client.post('/api/tokens').json({ name: 'web' }).withCsrfToken().loginAs(user),
      assert
    )
  })

  test('starting a Meta connection is limited per user', async ({ client, assert }) => {
    const user = await createUser()
    const other = await createUser()
    const start = (who: User, accept = 'application/json') =>
      client.get('/meta/oauth/start').header('accept', accept).loginAs(who).redirects(0)
    await spend(RATE_LIMITS.metaConnect.requests, async () => (await start(user)).status(), assert)
    assertRateLimited(await start(user), assert)

    // Followed as a link in the browser: the same 429, as a readable page.
    const page = await start(user, 'text/html,application/xhtml+xml')
    page.assertStatus(429)
    assert.isAbove(Number(page.header('retry-after')), 0)
    assert.include(page.text(), 'Too many Meta connection attempts.')

    const allowed = await start(other)
    allowed.assertStatus(302)
  })
})

test.group('Rate limits: the store under concurrent requests', (group) => {
  group.setup(() => useBillingMode('manual'))

  test('limited requests arriving together leave the database usable for everything else', async ({
    client,
    assert,
  }) => {
    const users = await Promise.all([1, 2, 3, 4, 5, 6].map(() => createUser()))
    // Counted requests of several users together with transactions of the app (key creation).
    const answers = await Promise.all([
      ...users.map((user) =>
        client
          .post('/api/validate-invitation-code')
          .json({ code: 'GUESS-0002' })
          .withCsrfToken()
          .loginAs(user)
      ),
      ...users.map((user) =>
        client.post('/api/tokens').json({ name: 'together' }).withCsrfToken().loginAs(user)
      ),
    ])
    assert.deepEqual(
      answers.map((answer) => answer.status()),
      [...users.map(() => 200), ...users.map(() => 201)]
    )
    const after = await client.get('/api/tokens').loginAs(users[0])
    after.assertStatus(200)
    assert.lengthOf(after.body(), 1)
  })
})

test.group('Rate limits: sign-in, per IP address', () => {
  test('sign-in routes share one limit per address; another address is unaffected', async ({
    assert,
  }) => {
    const exhausted = '127.0.0.3'
    await spend(
      RATE_LIMITS.signIn.requests,
      async () => (await fromAddress(exhausted, '/api/login')).status,
      assert
    )

    for (const path of ['/api/login', '/api/callback?code=x&state=y']) {
      const refused = await fromAddress(exhausted, path)
      assert.equal(refused.status, 429, path)
      assert.isAbove(Number(refused.headers['retry-after']), 0)
      const body = JSON.parse(refused.body)
      assert.equal(body.error.code, 'rate_limited')
      assert.match(body.error.message, /^Too many sign-in attempts from this network\./)
    }
    const page = await fromAddress(exhausted, '/api/login', { headers: { accept: 'text/html' } })
    assert.equal(page.status, 429)
    assert.include(page.body, 'Too many sign-in attempts from this network.')

    // Starting a CLI sign-in (RFC 8628 device authorization) is a sign-in too.
    const device = await fromAddress(exhausted, '/oauth/device/code', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'client_id=adrelay-cli',
    })
    assert.equal(device.status, 429)

    const other = await fromAddress('127.0.0.2', '/api/login')
    assert.equal(other.status, 200)
  })

  test('the development sign-in counts against the same per-address limit', async ({ assert }) => {
    const address = '127.0.0.4'
    // Signing in renews the session and its CSRF token: keep the latest cookies.
    const cookies = new Map<string, string>()
    const keep = (headers: http.IncomingHttpHeaders) => {
      for (const cookie of headers['set-cookie'] ?? []) {
        const [pair] = cookie.split(';')
        const index = pair.indexOf('=')
        cookies.set(pair.slice(0, index), pair.slice(index + 1))
      }
    }
    // A first visit of the sign-in page hands out the session and CSRF cookies.
    keep((await fromAddress(address, '/api/login')).headers)
    const signIn = async (index: number) => {
      const response = await fromAddress(address, '/api/login/dev', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'cookie': [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
          'x-xsrf-token': decodeURIComponent(cookies.get('XSRF-TOKEN') ?? ''),
        },
        body: JSON.stringify({ email: `limited-${Date.now()}-${index}@example.test` }),
      })
      keep(response.headers)
      return response
    }
    for (let index = 1; index < RATE_LIMITS.signIn.requests; index++) {
      const { status } = await signIn(index)
      assert.oneOf(status, [200, 302], `sign-in ${index}`)
    }
    const refused = await signIn(RATE_LIMITS.signIn.requests)
    assert.equal(refused.status, 429)
    assert.equal(JSON.parse(refused.body).error.code, 'rate_limited')
  })
})
