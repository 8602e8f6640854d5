import { test } from '@japa/runner'
import { AppError } from '#shared/errors'
import { GraphClient } from '#meta/services/graph_client'
import { type UsageThrottle } from '#meta/services/usage_throttle'
import type { MetaSandbox } from '#stand_ins/meta_sandbox/meta_sandbox'
import { ALEX, BLAIR, freshSandbox } from '#tests/helpers/meta'
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

  test("a rate limit on one user's ad account never blocks another user's calls", async ({
    assert,
  }) => {
    const { client, sleeps } = clientFor(sandbox)
    const blairToken = sandbox.issueToken(BLAIR.id)
    const alexAccount = ALEX.accounts[0]
    const blairAccount = BLAIR.accounts[0]
    await client.get(alexAccount, { fields: 'id' }, token, alexAccount)
    sandbox.failNext({ code: 80004, path: alexAccount, regainMinutes: 3 })
    await failure(client.get(`${alexAccount}/campaigns`, { fields: 'id' }, token, alexAccount))

    const before = sandbox.requests.length
    const blair = await client.get(
      `${blairAccount}/campaigns`,
      { fields: 'id' },
      blairToken,
      blairAccount
    )
    assert.isArray(blair.data)
    // The OAuth endpoints (no user token) only count against the app.
    const exchanged = await client.get('oauth/access_token', {
      grant_type: 'fb_exchange_token',
      client_id: SANDBOX_APP_ID,
      client_secret: SANDBOX_APP_SECRET,
      fb_exchange_token: blairToken,
    })
    assert.isString(exchanged.access_token)
    assert.equal(sandbox.requests.length - before, 2)
    assert.lengthOf(sleeps, 0, 'nobody else was slowed down')
  })

  const scopes: Array<{ code: number; blocks: string; spares: string }> = [
    { code: 17, blocks: "the user's token on any ad account", spares: 'other users' },
    { code: 613, blocks: 'that ad account', spares: "the user's other ad account" },
    { code: 80004, blocks: "that business's ads management", spares: 'its insights' },
    { code: 80000, blocks: "that business's insights", spares: 'its ads management' },
  ]
  for (const { code, blocks, spares } of scopes) {
    test(`error ${code} blocks ${blocks} and spares ${spares}`, async ({ assert }) => {
      const { client } = clientFor(sandbox)
      const account = ALEX.accounts[0]
      const call = (path: string, accessToken: string, adAccountId: string) =>
        client.get(path, { fields: 'id' }, accessToken, adAccountId)
      const campaigns = () => call(`${account}/campaigns`, token, account)
      const insights = () => client.get(`${account}/insights`, { fields: 'spend' }, token, account)
      // Meta names the account's business in the usage headers of a first call.
      await campaigns()
      const failing = code === 80000 ? `${account}/insights` : `${account}/campaigns`
      sandbox.failNext({ code, path: failing })
      await failure(code === 80000 ? insights() : campaigns())

      const refusedLocally = async (promise: Promise<unknown>) => {
        const before = sandbox.requests.length
        const error = await failure(promise)
        return error.code === 'meta_rate_limited' && sandbox.requests.length === before
      }
      const goesThrough = async (promise: Promise<unknown>) => {
        const before = sandbox.requests.length
        await promise
        return sandbox.requests.length === before + 1
      }
      if (code === 17) {
        assert.isTrue(await refusedLocally(call(ALEX.accounts[1], token, ALEX.accounts[1])))
        const blair = sandbox.issueToken(BLAIR.id)
        assert.isTrue(await goesThrough(call(BLAIR.accounts[0], blair, BLAIR.accounts[0])))
      } else if (code === 613) {
        assert.isTrue(await refusedLocally(campaigns()))
        assert.isTrue(await goesThrough(call(ALEX.accounts[1], token, ALEX.accounts[1])))
      } else if (code === 80004) {
        assert.isTrue(await refusedLocally(campaigns()))
        assert.isTrue(await goesThrough(insights()))
      } else {
        assert.isTrue(await refusedLocally(insights()))
        assert.isTrue(await goesThrough(campaigns()))
      }
    })
  }

  test("error 4 (the app's own limit) blocks every user, as Meta does", async ({ assert }) => {
    const { client } = clientFor(sandbox)
    sandbox.failNext({ code: 4 })
    await failure(client.get('me', {}, token))
    const before = sandbox.requests.length
    const blair = sandbox.issueToken(BLAIR.id)
    const error = await failure(client.get('me', {}, blair))
    assert.equal(error.code, 'meta_rate_limited')
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
