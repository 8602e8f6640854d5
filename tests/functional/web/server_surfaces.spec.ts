import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { TEST_RUN_ID, removeFolderIfEmpty } from '#tests/helpers/test_run'
import { createApiKey, createUser, setPlan } from '#tests/helpers/factories'
import { baseUrl } from '#tests/functional/automation/mcp_client'

const SURFACE_FILE = `internal/surface-test-${TEST_RUN_ID}.txt`

/**
 * The machine surfaces (/api/v1, /mcp, /internal, /health) skip the browser stack (public
 * files, Vite, Inertia; ADR 0018); every other path keeps it.
 */
test.group('Server surfaces', (group) => {
  group.setup(async () => {
    await mkdir(app.publicPath('internal'), { recursive: true })
    await writeFile(app.publicPath(SURFACE_FILE), 'never served')
    return async () => {
      await rm(app.publicPath(SURFACE_FILE), { force: true })
      await removeFolderIfEmpty(app.publicPath('internal'))
    }
  })

  test('an unknown page still renders the Inertia 404 page', async ({ client, assert }) => {
    const response = await client.get('/no-such-page-surface-test').header('accept', 'text/html')
    response.assertStatus(404)
    assert.include(response.text(), 'errors/not_found')
  })

  test('an unknown bearer path answers JSON, whatever the Accept header', async ({ client }) => {
    const response = await client.get('/api/v1/no-such-endpoint').header('accept', 'text/html')
    response.assertStatus(404)
    response.assertBodyContains({ error: { code: 'route_not_found' } })
  })

  test('a bearer call sent with Inertia headers gets the API answer, not an Inertia reload', async ({
    client,
    assert,
  }) => {
    // Before ADR 0018 the Inertia middleware ran here too and answered a stale asset version
    // with 409 + X-Inertia-Location, which no API client understands.
    const response = await client
      .get('/api/v1/usage')
      .header('x-inertia', 'true')
      .header('x-inertia-version', 'stale-version')
    response.assertStatus(401)
    assert.isUndefined(response.header('x-inertia-location'))
    assert.equal(response.header('content-type')?.split(';')[0], 'application/json')
  })

  test('files under public/internal are never served', async ({ client }) => {
    const response = await client.get(`/${SURFACE_FILE}`)
    response.assertStatus(404)
    response.assertBodyContains({ error: { code: 'route_not_found' } })
  })

  test('a body in a type the server does not read answers 415, and nothing is done or counted', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    await setPlan(user, 'agency')
    const { key } = await createApiKey(user)
    const body = JSON.stringify({ name: 'CRM', format: 'json', url: 'https://example.com/hook' })
    for (const type of ['text/plain', null]) {
      const response = await fetch(`${baseUrl()}/api/v1/alerts/create_alert_webhook`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, ...(type ? { 'content-type': type } : {}) },
        // A Blob without a type: fetch sends no Content-Type for it.
        body: type ? body : new Blob([body]),
      })
      assert.equal(response.status, 415)
      assert.equal(((await response.json()) as any).error.code, 'unsupported_media_type')
    }
    const list = await client.get('/api/v1/alerts/list_alert_webhooks').bearerToken(key)
    assert.lengthOf(list.body().webhooks, 0)
    const usage = await client.get('/api/v1/usage').bearerToken(key)
    assert.equal(usage.body().total, 2)

    // The same body as JSON is read and acted on.
    const created = await client
      .post('/api/v1/alerts/create_alert_webhook')
      .bearerToken(key)
      .json(JSON.parse(body))
    created.assertStatus(200)
  })

  test('an array where the body must be an object answers 422 invalid_body, nothing done', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    await setPlan(user, 'agency')
    const { key } = await createApiKey(user)
    const session = await client
      .post('/api/tokens')
      .unsafeJson('[1, 2]')
      .withCsrfToken()
      .loginAs(user)
    session.assertStatus(422)
    session.assertBodyContains({ error: { code: 'invalid_body' } })
    const bearer = await client
      .post('/api/v1/alerts/create_alert_webhook')
      .bearerToken(key)
      .unsafeJson('[]')
    bearer.assertStatus(422)
    bearer.assertBodyContains({ error: { code: 'invalid_body' } })
    const tokens = await client.get('/api/tokens').loginAs(user)
    assert.lengthOf(tokens.body(), 1)
  })

  test('the health probe answers JSON', async ({ client }) => {
    const response = await client.get('/health')
    response.assertStatus(200)
    response.assertBody({ status: 'ok' })
  })
})
