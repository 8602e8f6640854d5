import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { TEST_RUN_ID, removeFolderIfEmpty } from '#tests/helpers/test_run'

const PUBLIC_FILE = `robots-test-${TEST_RUN_ID}.txt`
const API_PATH_FILE = `api/secret-test-${TEST_RUN_ID}.txt`

test.group('Public files', (group) => {
  group.setup(async () => {
    await mkdir(app.publicPath('api'), { recursive: true })
    await writeFile(app.publicPath(PUBLIC_FILE), 'User-agent: *')
    await writeFile(app.publicPath(API_PATH_FILE), 'never served')
    return async () => {
      await rm(app.publicPath(PUBLIC_FILE), { force: true })
      await rm(app.publicPath(API_PATH_FILE), { force: true })
      await removeFolderIfEmpty(app.publicPath('api'))
    }
  })

  test('a file in public/ is served', async ({ client }) => {
    const response = await client.get(`/${PUBLIC_FILE}`)
    response.assertStatus(200)
    response.assertTextIncludes('User-agent: *')
  })

  test('API paths are never served from public/', async ({ client }) => {
    const response = await client.get(`/${API_PATH_FILE}`)
    response.assertStatus(404)
    response.assertBodyContains({ error: { code: 'route_not_found' } })
  })
})
