import { test } from '@japa/runner'
import ApiToken from '#keys/models/api_token'
import { createApiKey, createUser } from '#tests/helpers/factories'
import { mintCliToken } from '#tests/helpers/cli'

test.group('CLI bearer endpoints and CLI sessions', () => {
  test('an API key cannot manage keys or read usage reports: 403 cli_token_required', async ({
    client,
  }) => {
    const user = await createUser()
    const { key } = await createApiKey(user)
    for (const request of [
      client.get('/api/v1/keys'),
      client.post('/api/v1/keys').json({ name: 'x' }),
      client.get('/api/v1/usage/report'),
      client.delete('/api/v1/auth/session'),
    ]) {
      const response = await request.bearerToken(key)
      response.assertStatus(403)
      response.assertBodyContains({ error: { code: 'cli_token_required' } })
    }
    ;(await client.get('/api/v1/auth/session').bearerToken(key)).assertBodyContains({
      credential: { kind: 'api_key' },
    })
  })

  test('key names are cleaned and validated; another user cannot revoke or rotate my key', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const intruder = await createUser()
    const token = await mintCliToken(user)
    const created = await client
      .post('/api/v1/keys')
      .json({ name: 'prod\u202E\u0000 key' })
      .bearerToken(token)
    created.assertStatus(201)
    assert.equal(created.body().name, 'prod key')
    const unknownField = await client
      .post('/api/v1/keys')
      .json({ name: 'x', scope: 'all' })
      .bearerToken(token)
    unknownField.assertStatus(422)

    const other = await mintCliToken(intruder)
    const id = created.body().id
    ;(await client.delete(`/api/v1/keys/${id}`).bearerToken(other)).assertStatus(404)
    ;(await client.post(`/api/v1/keys/${id}/rotate`).json({}).bearerToken(other)).assertStatus(404)
    const tooLong = await client
      .post(`/api/v1/keys/${id}/rotate`)
      .json({ graceSeconds: 31 * 86_400 })
      .bearerToken(token)
    tooLong.assertStatus(422)
  })

  test('CLI sessions: listed on the profile, revoked one by one, and by Revoke All Sessions', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const laptop = await mintCliToken(user, 'laptop')
    const server = await mintCliToken(user, 'server')

    const list = await client.get('/api/cli-sessions').loginAs(user)
    list.assertStatus(200)
    assert.sameMembers(
      list.body().map((session: { deviceName: string }) => session.deviceName),
      ['laptop', 'server']
    )
    assert.containsSubset(list.body()[0], { lastUsedAt: null })
    assert.isString(list.body()[0].expiresAt)
    // CLI sessions are not API keys.
    assert.lengthOf((await client.get('/api/tokens').loginAs(user)).body(), 0)

    const laptopId = list
      .body()
      .find((session: { deviceName: string }) => session.deviceName === 'laptop').id
    ;(
      await client.delete(`/api/cli-sessions/${laptopId}`).withCsrfToken().loginAs(user)
    ).assertStatus(204)
    ;(await client.get('/api/v1/auth/session').bearerToken(laptop)).assertStatus(401)
    ;(await client.get('/api/v1/auth/session').bearerToken(server)).assertStatus(200)

    ;(await client.delete('/api/tokens').withCsrfToken().loginAs(user)).assertStatus(200)
    ;(await client.get('/api/v1/auth/session').bearerToken(server)).assertStatus(401)
    const live = await ApiToken.query().where('user_id', user.id).whereNull('revoked_at')
    assert.lengthOf(live, 0)
  })

  test('the OpenAPI document describes the account endpoints from their schemas', async ({
    client,
    assert,
  }) => {
    const document = (await client.get('/api/v1/openapi.json')).body()
    const rotate = document.paths['/api/v1/keys/{id}/rotate'].post
    assert.equal(rotate.operationId, 'rotate_api_key')
    assert.equal(rotate.responses['403'].$ref, '#/components/responses/CliTokenRequired')
    assert.equal(rotate.parameters[0].in, 'path')
    assert.equal(
      rotate.requestBody.content['application/json'].schema.properties.graceSeconds.maximum,
      2_592_000
    )
    const report = document.paths['/api/v1/usage/report'].get
    assert.equal(report.parameters[0].name, 'month')
    assert.properties(report.responses['200'].content['application/json'].schema.properties, [
      'quota',
      'daily',
      'credentials',
    ])
    assert.deepEqual(document.paths['/api/v1/automation/mcp-clients'].get.security, [])
  })
})
