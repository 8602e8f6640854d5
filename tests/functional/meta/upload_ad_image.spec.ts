import { test } from '@japa/runner'
import metaConfig from '#config/meta'
import type { MetaSandbox } from '#stand_ins/meta_sandbox/meta_sandbox'
import { ImageServer, PNG_BYTES } from '#stand_ins/image_server'
import { createApiKey, createUser, setPlan } from '#tests/helpers/factories'
import { ALEX, connectMeta, freshSandbox } from '#tests/helpers/meta'
import { baseUrl } from '#tests/functional/automation/mcp_client'

const ACCOUNT = ALEX.accounts[0]

test.group('upload_ad_image: bytes and URLs under the SSRF rules', (group) => {
  const images = new ImageServer()
  let sandbox: MetaSandbox
  let key: string

  group.setup(async () => {
    const origin = await images.start()
    // The stand-in runs on loopback: its exact origin is exempt, as OUTBOUND_ALLOWED_ORIGINS
    // would make it in development. Every other loopback address stays refused.
    metaConfig.imageFetch.allowedOrigins.push(origin)
    return async () => {
      metaConfig.imageFetch.allowedOrigins.splice(
        metaConfig.imageFetch.allowedOrigins.indexOf(origin),
        1
      )
      await images.stop()
    }
  })
  group.each.setup(async () => {
    sandbox = await freshSandbox()
    const user = await createUser()
    await setPlan(user, 'trafficker')
    await connectMeta(user)
    key = (await createApiKey(user)).key
  })

  const upload = (client: any, input: Record<string, unknown>) =>
    client
      .post('/api/v1/meta/upload_ad_image')
      .json({ adAccountId: ACCOUNT, ...input })
      .bearerToken(key)

  test('bytes are checked, previewed with their hash, and uploaded with confirm', async ({
    client,
    assert,
  }) => {
    const preview = await upload(client, { bytes: PNG_BYTES.toString('base64') })
    preview.assertStatus(200)
    const hash = preview.body().changes.find((change: any) => change.field === 'hash').after
    assert.equal(sandbox.store.images.size, 0)
    const applied = await upload(client, { bytes: PNG_BYTES.toString('base64'), confirm: true })
    assert.equal(applied.body().object.hash, hash)
    assert.isTrue(sandbox.store.images.has(hash))
  })

  test('a URL on an allowed origin is fetched, following a redirect', async ({
    client,
    assert,
  }) => {
    const response = await upload(client, { url: `${images.url}/redirect/photo`, confirm: true })
    response.assertStatus(200)
    assert.equal(response.body().object.name, 'photo')
    assert.equal(sandbox.store.images.size, 1)
  })

  for (const [what, url] of [
    ['the app itself on loopback', () => `${baseUrl()}/health`],
    ['localhost', () => 'http://localhost:9/x.png'],
    ['a private range', () => 'http://10.0.0.7/x.png'],
    ['a 192.168 address', () => 'http://192.168.1.20/x.png'],
    ['the cloud metadata address', () => 'http://169.254.169.254/latest/meta-data/'],
    ['IPv6 loopback', () => 'http://[::1]:80/x.png'],
    ['an IPv4-mapped IPv6 loopback', () => 'http://[::ffff:127.0.0.1]/x.png'],
    ['a file URL', () => 'file:///etc/passwd'],
  ] as const) {
    test(`a URL to ${what} is refused with url_not_allowed`, async ({ client, assert }) => {
      const response = await upload(client, { url: url() })
      response.assertStatus(422)
      assert.containsSubset(response.body().error, { code: 'url_not_allowed', field: 'url' })
    })
  }

  test('a redirect to a private address is refused', async ({ client, assert }) => {
    const response = await upload(client, {
      url: `${images.url}/redirect?to=${encodeURIComponent(`${baseUrl()}/health`)}`,
    })
    response.assertStatus(422)
    assert.equal(response.body().error.code, 'url_not_allowed')
  })

  test('a page that is not an image is refused with image_not_supported', async ({
    client,
    assert,
  }) => {
    const response = await upload(client, { url: `${images.url}/page.html` })
    response.assertStatus(422)
    assert.equal(response.body().error.code, 'image_not_supported')
  })

  test('bytes that are not an image are refused with image_not_supported', async ({
    client,
    assert,
  }) => {
    const response = await upload(client, {
      bytes: Buffer.from('%PDF-1.7 not an image').toString('base64'),
    })
    response.assertStatus(422)
    assert.equal(response.body().error.code, 'image_not_supported')
  })

  test('an image over 8 MB is refused while streaming, with image_too_large', async ({
    client,
    assert,
  }) => {
    const response = await upload(client, { url: `${images.url}/huge.png` })
    response.assertStatus(422)
    assert.equal(response.body().error.code, 'image_too_large')
    assert.equal(sandbox.store.images.size, 0)
  })

  test('a URL answering 404 is refused with url_fetch_failed', async ({ client, assert }) => {
    const response = await upload(client, { url: `${images.url}/missing.png` })
    response.assertStatus(422)
    assert.containsSubset(response.body().error, { code: 'url_fetch_failed', status: 404 })
  })
})
