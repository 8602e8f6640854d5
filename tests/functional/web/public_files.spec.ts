import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { mkdir, rm, writeFile } from 'node:fs/promises'

test.group('Public files', (group) => {
  group.setup(async () => {
    await mkdir(app.publicPath('api'), { recursive: true })
    await writeFile(app.publicPath('robots-test.txt'), 'User-agent: *')
    await writeFile(app.publicPath('api/secret-test.txt'), 'never served')
    return async () => {
      await rm(app.publicPath('robots-test.txt'), { force: true })
      await rm(app.publicPath('api'), { recursive: true, force: true })
    }
  })

  test('a file in public/ is served', async ({ client }) => {
    const response = await client.get('/robots-test.txt')
    response.assertStatus(200)
    response.assertTextIncludes('User-agent: *')
  })

  test('API paths are never served from public/', async ({ client }) => {
    const response = await client.get('/api/secret-test.txt')
    response.assertStatus(404)
    response.assertBodyContains({ error: { code: 'route_not_found' } })
  })
})
