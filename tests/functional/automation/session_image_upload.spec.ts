import { createHash } from 'node:crypto'
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import type User from '#accounts/models/user'
import type { MetaSandbox } from '#stand_ins/meta_sandbox/meta_sandbox'
import { PNG_BYTES } from '#stand_ins/image_server'
import { createUser, setPlan } from '#tests/helpers/factories'
import { ALEX, BLAIR, connectMeta, sandboxGroup } from '#tests/helpers/meta'
import { useRolledBackTransaction } from '#tests/helpers/rolled_back_transaction'

const ACCOUNT = ALEX.accounts[0]
const UPLOAD = '/api/actions/upload_ad_image/file'

/** A PNG of `size` bytes: a real 1 × 1 PNG followed by padding (file-type reads the header). */
function pngOf(size: number) {
  return Buffer.concat([PNG_BYTES, Buffer.alloc(size - PNG_BYTES.length, 7)])
}

async function trafficker() {
  const user = await createUser()
  await setPlan(user, 'trafficker')
  await connectMeta(user)
  return user
}

const imageWrites = (sandbox: MetaSandbox) =>
  sandbox.requests.filter((request) => request.method === 'POST' && /adimages/.test(request.path))
    .length

/**
 * A multipart upload as the browser sends it: `adAccountId` (default Alex's first account),
 * `confirm` when asked, one file (field `image` unless `field`), the CSRF token unless
 * `csrf: false`, and the session of `user` when given.
 */
function upload(
  client: ApiClient,
  options: {
    user?: User
    adAccountId?: string
    confirm?: boolean
    file?: Buffer
    field?: string
    filename?: string
    contentType?: string
    csrf?: boolean
  } = {}
) {
  let request = client.post(UPLOAD).field('adAccountId', options.adAccountId ?? ACCOUNT)
  if (options.confirm) request = request.field('confirm', 'true')
  request = request.file(options.field ?? 'image', options.file ?? PNG_BYTES, {
    filename: options.filename ?? 'x.png',
    ...(options.contentType ? { contentType: options.contentType } : {}),
  })
  if (options.csrf !== false) request = request.withCsrfToken()
  return options.user ? request.loginAs(options.user) : request
}

let sandbox: MetaSandbox
const useSandbox = (fresh: MetaSandbox) => (sandbox = fresh)

sandboxGroup(
  'Session image upload (multipart) /api/actions/upload_ad_image/file',
  useSandbox,
  (group) => {
    useRolledBackTransaction(group)

    test('without confirm it previews the hash Meta will give and uploads nothing', async ({
      client,
      assert,
    }) => {
      const user = await trafficker()
      const response = await upload(client, {
        user,
        filename: 'hero.png',
        contentType: 'image/png',
      })
      response.assertStatus(200)
      const md5 = createHash('md5').update(PNG_BYTES).digest('hex')
      assert.containsSubset(response.body(), {
        preview: true,
        applied: false,
        objectType: 'ad_image',
        name: 'hero.png',
        requests: [{ method: 'POST', path: `${ACCOUNT}/adimages` }],
      })
      assert.containsSubset(response.body().changes, [{ field: 'hash', before: null, after: md5 }])
      assert.equal(imageWrites(sandbox), 0)
    })

    test('an image over the 1 MB JSON limit uploads with confirm and returns its hash', async ({
      client,
      assert,
    }) => {
      const user = await trafficker()
      const image = pngOf(3 * 1024 * 1024)
      const response = await upload(client, {
        user,
        confirm: true,
        file: image,
        filename: 'banner.png',
        contentType: 'image/png',
      })
      response.assertStatus(200)
      const md5 = createHash('md5').update(image).digest('hex')
      assert.isTrue(response.body().applied)
      assert.equal(response.body().object.hash, md5)
      assert.equal(imageWrites(sandbox), 1)
      assert.equal(sandbox.store.images.get(md5)?.byteLength, image.byteLength)
    })

    const refusals = [
      {
        title: 'an image over 8 MB is refused with 413 image_too_large and nothing reaches Meta',
        file: pngOf(8 * 1024 * 1024 + 1),
        filename: 'huge.png',
        status: 413,
        error: { code: 'image_too_large', maxBytes: 8 * 1024 * 1024 },
      },
      {
        title: 'a file that is not an image is refused with 422 image_not_supported',
        file: Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n'),
        filename: 'brief.png',
        contentType: 'image/png',
        status: 422,
        error: { code: 'image_not_supported' },
      },
    ]
    for (const { title, status, error, ...file } of refusals) {
      test(title, async ({ client, assert }) => {
        const response = await upload(client, { user: await trafficker(), confirm: true, ...file })
        response.assertStatus(status)
        assert.containsSubset(response.body().error, error)
        assert.equal(imageWrites(sandbox), 0)
      })
    }

    test('two files in the image field are refused with 422 and nothing reaches Meta', async ({
      client,
      assert,
    }) => {
      const user = await trafficker()
      // The second file is large: the refusal must not wait for (or hang on) the rest.
      const response = await client
        .post(UPLOAD)
        .field('adAccountId', ACCOUNT)
        .field('confirm', 'true')
        .file('image', PNG_BYTES, { filename: 'first.png', contentType: 'image/png' })
        .file('image', pngOf(2 * 1024 * 1024), { filename: 'second.png', contentType: 'image/png' })
        .withCsrfToken()
        .loginAs(user)
        .timeout(30_000)
      response.assertStatus(422)
      assert.containsSubset(response.body().error, {
        code: 'validation_failed',
        message: 'Send one image per upload.',
        field: 'image',
      })
      assert.equal(imageWrites(sandbox), 0)
    })

    test('a multipart body the server cannot read answers 400 invalid_body, not invalid_json', async ({
      client,
      assert,
    }) => {
      const user = await trafficker()
      // multipart/form-data without the boundary its parts are separated by (RFC 7578 §4.1).
      const response = await client
        .post(UPLOAD)
        // A body in multipart's shape, sent as it is (superagent serialises no object for it).
        .form(
          `--x\r\nContent-Disposition: form-data; name="adAccountId"\r\n\r\n${ACCOUNT}\r\n--x--\r\n` as any
        )
        .type('multipart/form-data')
        .withCsrfToken()
        .loginAs(user)
      response.assertStatus(400)
      assert.deepEqual(response.body().error, {
        code: 'invalid_body',
        message: 'Invalid multipart body.',
      })
      assert.equal(imageWrites(sandbox), 0)
    })

    test('a form without the image, or a JSON body, answers 422 naming the image field', async ({
      client,
      assert,
    }) => {
      const user = await trafficker()
      const missing = await upload(client, { user, field: 'photo' })
      missing.assertStatus(422)
      assert.equal(missing.body().error.code, 'validation_failed')
      assert.equal(missing.body().error.field, 'image')

      const json = await client
        .post(UPLOAD)
        .json({ adAccountId: ACCOUNT })
        .withCsrfToken()
        .loginAs(user)
      json.assertStatus(422)
      assert.equal(json.body().error.field, 'image')
    })

    test('the plan gate, ownership and CSRF apply as for every write', async ({
      client,
      assert,
    }) => {
      const free = await createUser()
      await connectMeta(free)
      const gated = await upload(client, { user: free })
      gated.assertStatus(403)
      assert.equal(gated.body().error.code, 'plan_upgrade_required')

      const user = await trafficker()
      const foreign = await upload(client, {
        user,
        adAccountId: BLAIR.accounts[0],
        confirm: true,
      })
      foreign.assertStatus(404)
      assert.equal(foreign.body().error.code, 'meta_object_not_owned')

      const noCsrf = await upload(client, { user, confirm: true, csrf: false })
      noCsrf.assertStatus(403)
      assert.equal(imageWrites(sandbox), 0)
    })

    test('signed out answers 401', async ({ client }) => {
      const response = await upload(client, { csrf: false })
      response.assertStatus(401)
    })
  }
)
