import { test } from '@japa/runner'
import { toDbTimestamp } from '#shared/db_time'
import db from '@adonisjs/lucid/services/db'
import http from 'node:http'
import app from '@adonisjs/core/services/app'
import { RevokeApiKeys } from '#keys/actions/revoke_api_keys'
import { SetUserSuspension } from '#admin/actions/set_user_suspension'
import { ApiKeyVerifier, type VerifiedApiKey } from '#keys/services/api_key_verifier'
import ApiToken from '#keys/models/api_token'
import { hashApiKey, API_KEY_PATTERN } from '#keys/services/api_key_format'
import { MAX_ACTIVE_API_KEYS } from '#keys/actions/create_api_key'
import { createApiKey, createUser } from '#tests/helpers/factories'

async function activeKeyCount(userId: number) {
  const [row] = await ApiToken.query()
    .where('user_id', userId)
    .whereNull('revoked_at')
    .count('* as total')
  return Number(row.$extras.total)
}

test.group('API keys (session endpoints)', () => {
  test('a signed-out visitor gets 401 Unauthorized', async ({ client }) => {
    const response = await client.get('/api/tokens')
    response.assertStatus(401)
    response.assertBody({ message: 'Unauthorized' })
  })

  test('creating a key returns the full key once and stores only its hash', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const response = await client
      .post('/api/tokens')
      .json({ name: 'n8n production' })
      .withCsrfToken()
      .loginAs(user)

    response.assertStatus(201)
    const { id, token, name, createdAt } = response.body()
    assert.equal(name, 'n8n production')
    assert.match(token, API_KEY_PATTERN)
    assert.isString(createdAt)

    const stored = await ApiToken.findOrFail(id)
    assert.equal(stored.tokenHash, hashApiKey(token))
    assert.notInclude(JSON.stringify(stored.$attributes), token)

    const list = await client.get('/api/tokens').loginAs(user)
    list.assertStatus(200)
    assert.lengthOf(list.body(), 1)
    const listed = list.body()[0]
    assert.notEqual(listed.token, token)
    assert.notInclude(JSON.stringify(list.body()), token)
    assert.isTrue(token.startsWith(listed.token.replace(/•+$/, '')))
    assert.containsSubset(listed, { id, name: 'n8n production', lastUsedAt: null })
  })

  test('a write without the CSRF token is rejected', async ({ client, assert }) => {
    const user = await createUser()
    const response = await client.post('/api/tokens').json({ name: 'x' }).loginAs(user)
    response.assertStatus(403)
    response.assertBodyContains({ error: { code: 'csrf_token_mismatch' } })
    assert.equal(await activeKeyCount(user.id), 0)
  })

  test('a name longer than 100 characters is refused with 422', async ({ client }) => {
    const user = await createUser()
    const response = await client
      .post('/api/tokens')
      .json({ name: 'x'.repeat(101) })
      .withCsrfToken()
      .loginAs(user)
    response.assertStatus(422)
    response.assertBodyContains({ error: { code: 'validation_failed' } })
  })

  test('control and bidirectional-override characters are removed from a key name', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const response = await client
      .post('/api/tokens')
      .json({ name: '\u202Eproduction\u0000 n8n\u2066' })
      .withCsrfToken()
      .loginAs(user)
    response.assertStatus(201)
    assert.equal(response.body().name, 'production n8n')
    const stored = await ApiToken.findOrFail(response.body().id)
    assert.equal(stored.name, 'production n8n')
  })

  test('a key name with nothing visible left is refused with 422', async ({ client, assert }) => {
    const user = await createUser()
    const response = await client
      .post('/api/tokens')
      .json({ name: '\u202E\u0000\u200F ' })
      .withCsrfToken()
      .loginAs(user)
    response.assertStatus(422)
    response.assertBodyContains({ error: { code: 'validation_failed' } })
    assert.equal(response.body().error.fields[0].field, 'name')
    assert.equal(await activeKeyCount(user.id), 0)
  })

  test('past 25 active keys the next one is refused with api_key_limit_reached', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    for (let index = 0; index < MAX_ACTIVE_API_KEYS; index++) await createApiKey(user)
    const response = await client
      .post('/api/tokens')
      .json({ name: 'one too many' })
      .withCsrfToken()
      .loginAs(user)
    response.assertStatus(422)
    response.assertBodyContains({ error: { code: 'api_key_limit_reached', limit: 25 } })
    assert.equal(await activeKeyCount(user.id), 25)
  })

  test("revoking another user's key answers 404 and leaves it working", async ({
    client,
    assert,
  }) => {
    const owner = await createUser()
    const intruder = await createUser()
    const { record, key } = await createApiKey(owner)
    const response = await client
      .delete(`/api/tokens/${record.id}`)
      .withCsrfToken()
      .loginAs(intruder)
    response.assertStatus(404)
    await record.refresh()
    assert.isNull(record.revokedAt)
    const call = await client.get('/api/v1/usage').bearerToken(key)
    call.assertStatus(200)
  })

  test('a revoked key answers 401 at once and disappears from the list', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const { record, key } = await createApiKey(user)
    ;(await client.get('/api/v1/usage').bearerToken(key)).assertStatus(200)

    const revoke = await client.delete(`/api/tokens/${record.id}`).withCsrfToken().loginAs(user)
    revoke.assertStatus(204)

    const call = await client.get('/api/v1/usage').bearerToken(key)
    call.assertStatus(401)
    call.assertBodyContains({ error: { code: 'invalid_api_key' } })
    const list = await client.get('/api/tokens').loginAs(user)
    assert.deepEqual(list.body(), [])
  })

  test('DELETE /api/tokens revokes every key of the caller only', async ({ client, assert }) => {
    const user = await createUser()
    const other = await createUser()
    const first = await createApiKey(user)
    const second = await createApiKey(user)
    const others = await createApiKey(other)

    const response = await client.delete('/api/tokens').withCsrfToken().loginAs(user)
    response.assertStatus(200)
    assert.equal(response.body().revoked, 2)

    for (const { key } of [first, second]) {
      ;(await client.get('/api/v1/usage').bearerToken(key)).assertStatus(401)
    }
    ;(await client.get('/api/v1/usage').bearerToken(others.key)).assertStatus(200)
  })
})

test.group('API keys when signed out', () => {
  test('a signed-out write answers 401 Unauthorized, not a CSRF error', async ({ client }) => {
    const response = await client.delete('/api/tokens')
    response.assertStatus(401)
    response.assertBody({ message: 'Unauthorized' })
  })
})

test.group('API keys on one keep-alive connection', () => {
  /** GET /api/v1/usage with `key`, always over the same socket (one pooled connection). */
  function caller() {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    const base = new URL(`http://${process.env.HOST ?? '127.0.0.1'}:${process.env.PORT ?? 3334}`)
    const sockets = new Set<unknown>()
    const call = (key: string) =>
      new Promise<number>((resolve, reject) => {
        const request = http.get(
          {
            agent,
            host: base.hostname,
            port: base.port,
            path: '/api/v1/usage',
            headers: { authorization: `Bearer ${key}` },
          },
          (response) => {
            response.resume()
            response.on('end', () => resolve(response.statusCode ?? 0))
          }
        )
        request.on('socket', (socket) => sockets.add(socket))
        request.on('error', reject)
      })
    return { call, sockets, close: () => agent.destroy() }
  }

  test('each request is checked anew: revocation, another key and a tampered key', async ({
    assert,
  }) => {
    const user = await createUser()
    const first = await createApiKey(user, 'first')
    const second = await createApiKey(user, 'second')
    const connection = caller()
    try {
      assert.equal(await connection.call(first.key), 200)
      assert.equal(await connection.call(first.key), 200)
      const tampered = first.key.slice(0, -1) + (first.key.endsWith('A') ? 'B' : 'A')
      assert.equal(await connection.call(tampered), 401)
      assert.equal(await connection.call(second.key), 200)

      await (await app.container.make(RevokeApiKeys)).one(user.id, first.record.id)
      assert.equal(await connection.call(first.key), 401)
      assert.equal(await connection.call(second.key), 200)
      assert.equal(connection.sockets.size, 1)
    } finally {
      connection.close()
    }
  })

  test('a suspension answers 403 at once on a connection that was just answered 200', async ({
    assert,
  }) => {
    const admin = await createUser({ role: 'admin' })
    const user = await createUser()
    const { key } = await createApiKey(user, 'busy client')
    const suspension = await app.container.make(SetUserSuspension)
    const connection = caller()
    try {
      assert.equal(await connection.call(key), 200)
      await suspension.suspend(admin, user.id)
      assert.equal(await connection.call(key), 403)
      await suspension.unsuspend(admin, user.id)
      assert.equal(await connection.call(key), 200)
      assert.equal(connection.sockets.size, 1)
    } finally {
      connection.close()
    }
  })
})

test.group('API key verifier cache', () => {
  test('another instance sees a revocation within its cache TTL, on a fresh check and over a kept connection', async ({
    assert,
  }) => {
    const user = await createUser()
    const { key, record } = await createApiKey(user, 'elsewhere')
    // A second app instance: its own verifier (10 s TTL, on a clock the test moves), told
    // nothing of the revocation.
    let elapsedMs = 0
    const otherInstance = new ApiKeyVerifier(10_000, {
      now: () => new Date(Date.now() + elapsedMs),
      monotonicMs: () => elapsedMs,
    })
    const keptConnection = {}
    assert.equal((await otherInstance.verify(key, keptConnection))?.tokenId, record.id)

    await db
      .from('api_tokens')
      .where('id', record.id)
      .update({ revoked_at: toDbTimestamp(new Date()) })
    // Within the bound: still the cached answer, with no database read.
    assert.equal(
      (otherInstance.verify(key, keptConnection) as VerifiedApiKey | null)?.tokenId,
      record.id
    )
    assert.equal((otherInstance.verify(key) as VerifiedApiKey | null)?.tokenId, record.id)

    elapsedMs += 9_999
    assert.equal((otherInstance.verify(key) as VerifiedApiKey | null)?.tokenId, record.id)
    elapsedMs += 1
    assert.isNull(await otherInstance.verify(key, keptConnection))
    assert.isNull(await otherInstance.verify(key))
  })

  test('a lookup that overlaps a forget is not cached (the row may predate a revocation)', async ({
    assert,
  }) => {
    const user = await createUser()
    const { key, record } = await createApiKey(user, 'racing')
    const verifier = await app.container.make(ApiKeyVerifier)
    verifier.clear()

    const overlapping = verifier.verify(key)
    assert.instanceOf(overlapping, Promise)
    verifier.forgetDigest(record.tokenHash)
    assert.equal((await overlapping)?.userId, user.id)

    // Not cached: the next check reads the database again, and only then is cached.
    const next = verifier.verify(key)
    assert.instanceOf(next, Promise)
    assert.equal((await next)?.tokenId, record.id)
    const cached = verifier.verify(key)
    assert.notInstanceOf(cached, Promise)
    assert.equal((cached as Exclude<typeof cached, Promise<unknown>>)?.tokenId, record.id)
  })
})
