import { test } from '@japa/runner'
import { AppError } from '#shared/errors'
import { GraphClient } from '#meta/services/graph_client'
import { type UsageThrottle } from '#meta/services/usage_throttle'
import type { MetaSandbox } from '#meta/sandbox/meta_sandbox'
import { ALEX, freshSandbox } from '#tests/helpers/meta'
import { SANDBOX_APP_ID, SANDBOX_APP_SECRET } from '#config/meta'

/** A client on the sandbox that records the pauses it would make instead of waiting. */
function clientFor(
  sandbox: MetaSandbox,
  options: { maxRetries?: number; throttle?: UsageThrottle; maxResponseBytes?: number } = {}
) {
  const sleeps: number[] = []
  const client = new GraphClient({
    graphUrl: sandbox.url,
    version: 'v25.0',
    appId: SANDBOX_APP_ID,
    appSecret: SANDBOX_APP_SECRET,
    timeoutMs: 5000,
    maxRetries: options.maxRetries ?? 2,
    backoffBaseMs: 1,
    maxResponseBytes: options.maxResponseBytes ?? 1_000_000,
    throttle: options.throttle,
    sleep: async (ms) => {
      sleeps.push(ms)
    },
  })
  return { client, sleeps }
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof AppError) return error
    throw error
  }
  throw new Error('Expected the call to fail')
}

test.group('Graph API client against the sandbox', (group) => {
  let sandbox: MetaSandbox
  let token: string
  group.each.setup(async () => {
    sandbox = await freshSandbox()
    token = sandbox.issueToken(ALEX.id)
  })

  test('every call with a token carries a valid appsecret_proof', async ({ assert }) => {
    const { client } = clientFor(sandbox)
    assert.deepEqual(await client.get('me', { fields: 'id,name' }, token), {
      id: ALEX.id,
      name: ALEX.name,
    })
    assert.isTrue(sandbox.requests.at(-1)!.hasAppSecretProof)
  })

  test('the sandbox refuses a call signed with the wrong app secret', async ({ assert }) => {
    const wrong = new GraphClient({
      ...clientFor(sandbox).client.options,
      appSecret: 'not-the-secret',
    })
    const error = await failure(wrong.get('me', {}, token))
    assert.equal(error.code, 'meta_error')
    assert.match(error.message, /appsecret_proof/)
  })

  test('error 190 maps to meta_token_invalid', async ({ assert }) => {
    sandbox.failNext({ code: 190, subcode: 463 })
    const error = await failure(clientFor(sandbox).client.get('me', {}, token))
    assert.equal(error.code, 'meta_token_invalid')
    assert.equal(error.status, 409)
    assert.equal(error.details.metaSubcode, 463)
  })

  for (const code of [4, 17, 613, 80004]) {
    test(`error ${code} maps to meta_rate_limited with a retry-after and is not retried`, async ({
      assert,
    }) => {
      sandbox.failNext({ code })
      const before = sandbox.requests.length
      const error = await failure(clientFor(sandbox).client.get('me', {}, token))
      assert.equal(error.code, 'meta_rate_limited')
      assert.equal(error.status, 429)
      assert.isAbove(Number(error.details.retryAfterSeconds), 0)
      assert.equal(error.headers['Retry-After'], String(error.details.retryAfterSeconds))
      assert.equal(sandbox.requests.length - before, 1)
    })
  }

  for (const code of [10, 200, 294]) {
    test(`error ${code} maps to meta_permission_denied`, async ({ assert }) => {
      sandbox.failNext({ code })
      const error = await failure(clientFor(sandbox).client.get('me', {}, token))
      assert.equal(error.code, 'meta_permission_denied')
      assert.equal(error.status, 403)
    })
  }

  test("other errors map to meta_error with Meta's message and fbtrace_id", async ({ assert }) => {
    sandbox.failNext({ code: 100, message: 'Invalid parameter: thing' })
    const error = await failure(clientFor(sandbox).client.get('me', {}, token))
    assert.equal(error.code, 'meta_error')
    assert.equal(error.message, 'Invalid parameter: thing')
    assert.isString(error.details.fbtraceId)
    assert.equal(error.details.metaCode, 100)
  })

  test('transient faults (is_transient, 5xx) are retried with backoff, then succeed', async ({
    assert,
  }) => {
    sandbox.failNext({ code: 2, isTransient: true })
    sandbox.failNext({ status: 503 })
    const { client, sleeps } = clientFor(sandbox)
    const before = sandbox.requests.length
    assert.equal((await client.get('me', {}, token)).id, ALEX.id)
    assert.equal(sandbox.requests.length - before, 3)
    assert.lengthOf(sleeps, 2)
  })

  test('retries stop after maxRetries and the last error is reported', async ({ assert }) => {
    sandbox.failNext({ code: 2, isTransient: true, times: 5 })
    const before = sandbox.requests.length
    const error = await failure(clientFor(sandbox, { maxRetries: 1 }).client.get('me', {}, token))
    assert.equal(error.code, 'meta_error')
    assert.equal(sandbox.requests.length - before, 2)
  })

  test('a POST that hits a 5xx without a transient flag is not repeated', async ({ assert }) => {
    sandbox.failNext({ status: 500 })
    const before = sandbox.requests.length
    await failure(clientFor(sandbox).client.post('120200000000102', { status: 'PAUSED' }, token))
    assert.equal(sandbox.requests.length - before, 1)
  })

  test('high usage in X-Business-Use-Case-Usage slows the next calls down', async ({ assert }) => {
    const { client, sleeps } = clientFor(sandbox)
    sandbox.setUsage({ percent: 92 })
    await client.get('act_100000000001', { fields: 'id' }, token, 'act_100000000001')
    assert.lengthOf(sleeps, 0)
    await client.get('act_100000000001', { fields: 'id' }, token, 'act_100000000001')
    assert.lengthOf(sleeps, 1)
    assert.isAbove(sleeps[0], 0)

    sandbox.setUsage({ percent: 20 })
    await client.get('act_100000000001', { fields: 'id' }, token, 'act_100000000001')
    const afterCalm = sleeps.length
    await client.get('act_100000000001', { fields: 'id' }, token, 'act_100000000001')
    assert.equal(sleeps.length, afterCalm)
  })

  test('usage below the threshold does not slow anything down', async ({ assert }) => {
    const { client, sleeps } = clientFor(sandbox)
    sandbox.setUsage({ percent: 50 })
    for (let index = 0; index < 3; index++) await client.get('me', {}, token)
    assert.lengthOf(sleeps, 0)
  })

  test('estimated_time_to_regain_access blocks calls locally until then, without reaching Meta', async ({
    assert,
  }) => {
    const { client } = clientFor(sandbox)
    sandbox.failNext({ code: 80004, regainMinutes: 3, path: 'act_100000000001' })
    const first = await failure(
      client.get('act_100000000001/campaigns', { fields: 'id' }, token, 'act_100000000001')
    )
    assert.equal(first.code, 'meta_rate_limited')
    assert.isAtLeast(Number(first.details.retryAfterSeconds), 170)

    const before = sandbox.requests.length
    const second = await failure(
      client.get('act_100000000001/campaigns', { fields: 'id' }, token, 'act_100000000001')
    )
    assert.equal(second.code, 'meta_rate_limited')
    assert.equal(sandbox.requests.length, before)
  })

  test('cursor pagination follows paging.cursors.after until the last page', async ({ assert }) => {
    const { client } = clientFor(sandbox)
    const pages: string[][] = []
    for await (const page of client.paginate({
      path: 'act_100000000001/ads',
      params: { fields: 'id' },
      accessToken: token,
      limit: 3,
    })) {
      pages.push(page.map((ad: any) => ad.id))
    }
    assert.isAbove(pages.length, 2)
    assert.isTrue(pages.slice(0, -1).every((page) => page.length === 3))
    const all = pages.flat()
    assert.equal(new Set(all).size, all.length)
  })

  test('redirects are not followed and oversized answers are refused', async ({ assert }) => {
    const { client } = clientFor(sandbox, { maxResponseBytes: 10_000 })
    sandbox.failNext({ redirectTo: 'http://127.0.0.1:9/elsewhere' })
    assert.equal((await failure(client.get('me', {}, token))).code, 'meta_redirect_refused')
    sandbox.failNext({ bodyBytes: 50_000 })
    assert.equal((await failure(client.get('me', {}, token))).code, 'meta_response_too_large')
  })

  test('paths outside the Graph API grammar are refused before any call', async ({ assert }) => {
    const { client } = clientFor(sandbox)
    for (const path of [
      '../admin',
      'me?fields=id',
      'http://evil.test/me',
      'me/../x',
      '%2e%2e/me',
    ]) {
      assert.equal((await failure(client.get(path, {}, token))).code, 'meta_invalid_path')
    }
  })
})
