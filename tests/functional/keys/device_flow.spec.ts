import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { toDbTimestamp } from '#shared/db_time'
import ApiToken from '#keys/models/api_token'
import DeviceAuthorization from '#keys/models/device_authorization'
import { CLI_TOKEN_PATTERN, hashApiKey } from '#keys/services/api_key_format'
import { DEVICE_CODE_GRANT_TYPE, USER_CODE_ALPHABET } from '#keys/services/device_codes'
import { createUser } from '#tests/helpers/factories'
import { decideOnDevicePage as decide } from '#tests/helpers/cli'
import { baseUrl } from '#tests/functional/automation/mcp_client'
import type { ApiClient } from '@japa/api-client'
import type { DeviceAuthorizationResponse } from '#keys/actions/request_device_authorization'

/** POST /oauth/device/code, form-encoded as RFC 8628 §3.1 says. */
async function startSignIn(client: ApiClient, deviceName = 'build-box') {
  const response = await client
    .post('/oauth/device/code')
    .form({ client_id: 'adrelay-cli', device_name: deviceName })
  response.assertStatus(200)
  return response.body() as DeviceAuthorizationResponse
}

function poll(client: ApiClient, deviceCode: string) {
  return client
    .post('/oauth/token')
    .form({ grant_type: DEVICE_GRANT, device_code: deviceCode, client_id: 'adrelay-cli' })
}
const DEVICE_GRANT = DEVICE_CODE_GRANT_TYPE

/** Moves the request's last poll `seconds` into the past (the client waited that long). */
async function waited(deviceCode: string, seconds: number) {
  await db
    .from('device_authorizations')
    .where('device_code_hash', hashApiKey(deviceCode))
    .update({ last_polled_at: toDbTimestamp(new Date(Date.now() - seconds * 1000)) })
}

test.group('Device authorization (RFC 8628)', () => {
  test('the device request answers codes, the /device URLs, 900 s and 5 s, without caching', async ({
    client,
    assert,
  }) => {
    const response = await client
      .post('/oauth/device/code')
      .form({ client_id: 'adrelay-cli', device_name: 'laptop' })
    response.assertStatus(200)
    assert.equal(response.header('cache-control'), 'no-store')
    const body = response.body()
    assert.match(
      body.user_code,
      new RegExp(`^[${USER_CODE_ALPHABET}]{4}-[${USER_CODE_ALPHABET}]{4}$`)
    )
    assert.isAtLeast(body.device_code.length, 43)
    assert.equal(new URL(body.verification_uri).pathname, '/device')
    assert.equal(
      new URL(body.verification_uri_complete).searchParams.get('user_code'),
      body.user_code
    )
    assert.equal(body.expires_in, 900)
    assert.equal(body.interval, 5)

    const stored = await DeviceAuthorization.findByOrFail(
      'device_code_hash',
      hashApiKey(body.device_code)
    )
    assert.notInclude(JSON.stringify(stored.$attributes), body.device_code)
    assert.equal(stored.deviceName, 'laptop')
  })

  test('JSON bodies are accepted too, and an unknown client is refused with invalid_client', async ({
    client,
  }) => {
    const json = await client.post('/oauth/device/code').json({ client_id: 'adrelay-cli' })
    json.assertStatus(200)
    const unknown = await client.post('/oauth/device/code').form({ client_id: 'someone-else' })
    unknown.assertStatus(401)
    unknown.assertBodyContains({ error: 'invalid_client' })
  })

  test('device names lose control and bidi characters', async ({ client, assert }) => {
    const { device_code: deviceCode } = await startSignIn(client, 'evil\u202Egpj.exe\u0007  box')
    const stored = await DeviceAuthorization.findByOrFail(
      'device_code_hash',
      hashApiKey(deviceCode)
    )
    assert.equal(stored.deviceName, 'evilgpj.exe box')
  })

  test('polling answers authorization_pending, then slow_down when too fast, and the interval stays +5 s', async ({
    client,
    assert,
  }) => {
    const { device_code: deviceCode } = await startSignIn(client)
    const first = await poll(client, deviceCode)
    first.assertStatus(400)
    first.assertBody({
      error: 'authorization_pending',
      error_description: 'The user has not approved the request yet.',
    })
    assert.equal(first.header('cache-control'), 'no-store')

    const tooSoon = await poll(client, deviceCode)
    tooSoon.assertStatus(400)
    tooSoon.assertBodyContains({ error: 'slow_down', interval: 10 })

    // Waiting the old 5 s is still too fast: the new interval is remembered.
    await waited(deviceCode, 6)
    ;(await poll(client, deviceCode)).assertBodyContains({ error: 'slow_down', interval: 15 })
    await waited(deviceCode, 16)
    ;(await poll(client, deviceCode)).assertBodyContains({ error: 'authorization_pending' })
  })

  test('approved: the token comes once, as a 90-day CLI token stored hashed; then invalid_grant', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const { device_code: deviceCode, user_code: userCode } = await startSignIn(client, 'ci runner')
    const approval = await decide(client, user, userCode.toLowerCase().replace('-', ''), 'approve')
    approval.assertStatus(200)
    approval.assertBody({ status: 'approved', deviceName: 'ci runner' })

    const token = await poll(client, deviceCode)
    token.assertStatus(200)
    assert.equal(token.header('cache-control'), 'no-store')
    const body = token.body()
    assert.equal(body.token_type, 'Bearer')
    assert.equal(body.expires_in, 90 * 24 * 3600)
    assert.match(body.access_token, CLI_TOKEN_PATTERN)

    const stored = await ApiToken.findByOrFail('token_hash', hashApiKey(body.access_token))
    assert.equal(stored.kind, 'cli_token')
    assert.equal(stored.userId, user.id)
    assert.equal(stored.name, 'ci runner')
    assert.closeTo(stored.expiresAt!.toMillis(), Date.now() + 90 * 86_400_000, 60_000)

    const again = await poll(client, deviceCode)
    again.assertStatus(400)
    again.assertBodyContains({ error: 'invalid_grant' })

    const session = await client.get('/api/v1/auth/session').bearerToken(body.access_token)
    session.assertStatus(200)
    session.assertBodyContains({
      user: { email: user.email },
      credential: { kind: 'cli_token', name: 'ci runner' },
    })
  })

  test('denied: access_denied, and the code cannot be approved afterwards', async ({ client }) => {
    const user = await createUser()
    const { device_code: deviceCode, user_code: userCode } = await startSignIn(client)
    ;(await decide(client, user, userCode, 'deny')).assertBody({
      status: 'denied',
      deviceName: 'build-box',
    })
    const polled = await poll(client, deviceCode)
    polled.assertStatus(400)
    polled.assertBodyContains({ error: 'access_denied' })
    ;(await decide(client, user, userCode, 'approve')).assertStatus(404)
  })

  test('expired: expired_token, and the /device page no longer finds the code', async ({
    client,
  }) => {
    const user = await createUser()
    const { device_code: deviceCode, user_code: userCode } = await startSignIn(client)
    await db
      .from('device_authorizations')
      .where('device_code_hash', hashApiKey(deviceCode))
      .update({ expires_at: toDbTimestamp(new Date(Date.now() - 1000)) })
    const polled = await poll(client, deviceCode)
    polled.assertStatus(400)
    polled.assertBodyContains({ error: 'expired_token' })
    const lookup = await client
      .post('/api/device/lookup')
      .json({ userCode })
      .withCsrfToken()
      .loginAs(user)
    lookup.assertStatus(404)
    lookup.assertBodyContains({ error: { code: 'invalid_user_code' } })
  })

  test('wrong grant types, clients and codes get the RFC 6749 errors', async ({ client }) => {
    ;(
      await client
        .post('/oauth/token')
        .form({ grant_type: 'password', client_id: 'adrelay-cli', device_code: 'x' })
    ).assertBodyContains({ error: 'unsupported_grant_type' })
    ;(
      await client
        .post('/oauth/token')
        .form({ grant_type: DEVICE_GRANT, client_id: 'adrelay-cli', device_code: 'nope' })
    ).assertBodyContains({ error: 'invalid_grant' })
    const wrongClient = await client
      .post('/oauth/token')
      .form({ grant_type: DEVICE_GRANT, client_id: 'other', device_code: 'nope' })
    wrongClient.assertStatus(401)
    wrongClient.assertBodyContains({ error: 'invalid_client' })
  })

  test('the /device lookup shows the device name, IP address and time of the request', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const { user_code: userCode } = await startSignIn(client, 'studio-mac')
    const lookup = await client
      .post('/api/device/lookup')
      .json({ userCode: ` ${userCode.toLowerCase()} ` })
      .withCsrfToken()
      .loginAs(user)
    lookup.assertStatus(200)
    const body = lookup.body()
    assert.equal(body.userCode, userCode)
    assert.equal(body.deviceName, 'studio-mac')
    assert.match(body.requesterIp, /127\.0\.0\.1|::1/)
    assert.closeTo(new Date(body.requestedAt).getTime(), Date.now(), 60_000)
  })

  test('wrong code entries are rate limited per user: 429 rate_limited with Retry-After', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const other = await createUser()
    for (let attempt = 0; attempt < 10; attempt++) {
      const wrong = await client
        .post('/api/device/lookup')
        .json({ userCode: 'BBBB-BBBB' })
        .withCsrfToken()
        .loginAs(user)
      wrong.assertStatus(404)
    }
    const { user_code: userCode } = await startSignIn(client)
    const blocked = await client
      .post('/api/device/decision')
      .json({ userCode, decision: 'approve' })
      .withCsrfToken()
      .loginAs(user)
    blocked.assertStatus(429)
    blocked.assertBodyContains({ error: { code: 'rate_limited' } })
    // Blocked for the 15 minutes README "Rate limits" gives (a second may have passed).
    assert.closeTo(Number(blocked.header('retry-after')), 900, 1)

    // Another user is not affected and can still approve.
    ;(await decide(client, other, userCode, 'approve')).assertStatus(200)
  })

  test('a right code of your own does not clear the wrong entries before it', async ({
    client,
  }) => {
    const user = await createUser()
    const entry = (userCode: string) =>
      client.post('/api/device/lookup').json({ userCode }).withCsrfToken().loginAs(user)
    const { user_code: own } = await startSignIn(client, 'own-box')
    for (let attempt = 0; attempt < 9; attempt++) (await entry('BBBB-BBBB')).assertStatus(404)
    ;(await entry(own)).assertStatus(200)
    // The tenth wrong entry is still allowed; after it, every entry is refused, the right one too.
    ;(await entry('CCCC-CCCC')).assertStatus(404)
    const blocked = await entry(own)
    blocked.assertStatus(429)
    blocked.assertBodyContains({ error: { code: 'rate_limited' } })
  })

  test('parallel wrong entries cannot all pass the limit', async ({ client, assert }) => {
    const user = await createUser()
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        client
          .post('/api/device/lookup')
          .json({ userCode: 'DDDD-DDDD' })
          .withCsrfToken()
          .loginAs(user)
      )
    )
    const statuses = answers.map((answer) => answer.status())
    assert.equal(statuses.filter((status) => status === 404).length, 10)
    assert.equal(statuses.filter((status) => status === 429).length, 10)
  })

  test('a body the server cannot read gets the OAuth error shape, not an HTML page', async ({
    assert,
  }) => {
    for (const path of ['/oauth/token', '/oauth/device/code']) {
      for (const [type, body] of [
        ['application/json', '{"grant_type":'],
        ['text/plain', 'grant_type=x'],
      ]) {
        const response = await fetch(`${baseUrl()}${path}`, {
          method: 'POST',
          headers: { 'content-type': type },
          body,
        })
        assert.equal(response.status, 400, `${path} ${type}`)
        assert.equal(response.headers.get('cache-control'), 'no-store')
        const answer = (await response.json()) as { error: string; error_description: string }
        assert.equal(answer.error, 'invalid_request')
        assert.isString(answer.error_description)
      }
    }
  })

  test('signed out, /device sends the visitor to sign in and back with the code', async ({
    client,
    assert,
  }) => {
    const page = await client.get('/device?user_code=BCDF-GHJK').redirects(0)
    page.assertStatus(302)
    assert.equal(page.header('location'), '/api/login')
    const user = await createUser()
    const signedIn = await client.get('/device?user_code=BCDF-GHJK').loginAs(user).redirects(0)
    signedIn.assertStatus(200)
  })
})
