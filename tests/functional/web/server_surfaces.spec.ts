import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { TEST_RUN_ID, removeFolderIfEmpty } from '#tests/helpers/test_run'

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

  test('the health probe answers JSON', async ({ client }) => {
    const response = await client.get('/health')
    response.assertStatus(200)
    response.assertBody({ status: 'ok' })
  })
})
