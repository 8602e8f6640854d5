import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import type { ApiClient } from '@japa/api-client'
import { Metering } from '#usage/services/metering'
import { billingPeriodAt } from '#usage/services/billing_period'
import { createApiKey, createUser } from '#tests/helpers/factories'
import { setUsage } from '#tests/helpers/usage'
import { mintCliToken } from '#tests/helpers/cli'
import { callTool, connectMcp, flushCallLog } from '#tests/functional/automation/mcp_client'
import type User from '#accounts/models/user'

/** This month's counted requests of `userId`, read through the quota store in use. */
async function quotaUsed(userId: number) {
  const metering = await app.container.make(Metering)
  return metering.quotas.current(userId, billingPeriodAt().period)
}

/** The user's call records, oldest first, as `[token_id, method, endpoint, status_code]`. */
async function recordedCalls(userId: number) {
  await flushCallLog()
  const rows = await db.from('api_calls').where('user_id', userId).orderBy('id', 'asc')
  return rows.map((row) => [
    row.token_id === null ? null : Number(row.token_id),
    row.method,
    row.endpoint,
    Number(row.status_code),
  ])
}

/**
 * One call made over REST by one user and over MCP by another with the same plan and usage:
 * what each surface answered, what each recorded and counted.
 */
async function overBothSurfaces(
  client: ApiClient,
  call: { action: string; method: 'GET' | 'POST'; args: Record<string, unknown> },
  setUp: (user: User) => Promise<void> = async () => {}
) {
  const restUser = await createUser()
  const mcpUser = await createUser()
  for (const user of [restUser, mcpUser]) await setUp(user)
  const restKey = await createApiKey(restUser)
  const mcpKey = await createApiKey(mcpUser)
  const usedBefore = await quotaUsed(restUser.id)

  const path = `/api/v1/${call.action.startsWith('get_u') ? 'usage' : 'meta'}/${call.action}`
  const request =
    call.method === 'GET'
      ? client.get(path).qs(call.args)
      : client.post(path).json(call.args).header('content-type', 'application/json')
  const rest = await request.bearerToken(restKey.key)

  const mcp = await connectMcp(mcpKey.key)
  const result = await callTool(mcp, call.action, call.args)
  await mcp.close()

  return {
    restStatus: rest.status(),
    restBody: rest.body(),
    toolResult: result,
    rest: {
      calls: await recordedCalls(restUser.id),
      counted: (await quotaUsed(restUser.id)) - usedBefore,
      tokenId: restKey.record.id,
    },
    mcp: {
      calls: await recordedCalls(mcpUser.id),
      counted: (await quotaUsed(mcpUser.id)) - usedBefore,
      tokenId: mcpKey.record.id,
    },
  }
}

test.group('Metering: one status rule for REST and MCP', () => {
  test('a successful call is counted once and recorded 200 on both surfaces', async ({
    client,
    assert,
  }) => {
    const outcome = await overBothSurfaces(client, {
      action: 'get_usage',
      method: 'GET',
      args: {},
    })
    assert.equal(outcome.restStatus, 200)
    assert.notOk(outcome.toolResult.isError)
    assert.deepEqual(outcome.rest.calls, [
      [outcome.rest.tokenId, 'GET', '/api/v1/usage/get_usage', 200],
    ])
    assert.deepEqual(outcome.mcp.calls, [[outcome.mcp.tokenId, 'MCP', 'tools/call get_usage', 200]])
    assert.equal(outcome.rest.counted, 1)
    assert.equal(outcome.mcp.counted, 1)
  })

  test('invalid input is counted and recorded 422 on both surfaces', async ({ client, assert }) => {
    const outcome = await overBothSurfaces(client, {
      action: 'get_campaign',
      method: 'GET',
      args: {},
    })
    assert.equal(outcome.restStatus, 422)
    assert.equal(outcome.restBody.error.code, 'validation_failed')
    assert.isTrue(outcome.toolResult.isError)
    assert.deepEqual(outcome.rest.calls, [
      [outcome.rest.tokenId, 'GET', '/api/v1/meta/get_campaign', 422],
    ])
    assert.deepEqual(outcome.mcp.calls, [
      [outcome.mcp.tokenId, 'MCP', 'tools/call get_campaign', 422],
    ])
    assert.equal(outcome.rest.counted, 1)
    assert.equal(outcome.mcp.counted, 1)
  })

  test("a plan gate is counted and recorded 403 on both surfaces, the action's own failure with its status", async ({
    client,
    assert,
  }) => {
    const gated = await overBothSurfaces(client, {
      action: 'create_campaign',
      method: 'POST',
      args: { adAccountId: 'act_1', name: 'Spring', objective: 'OUTCOME_TRAFFIC' },
    })
    assert.equal(gated.restStatus, 403)
    assert.equal(gated.restBody.error.code, 'plan_upgrade_required')
    assert.deepEqual(
      gated.rest.calls.map((row) => row[3]),
      [403]
    )
    assert.deepEqual(
      gated.mcp.calls.map((row) => row[3]),
      [403]
    )
    assert.equal(gated.rest.counted, 1)
    assert.equal(gated.mcp.counted, 1)

    // Not connected to Meta: the action's own AppError (409) on both surfaces.
    const unconnected = await overBothSurfaces(client, {
      action: 'list_ad_accounts',
      method: 'GET',
      args: {},
    })
    assert.equal(unconnected.restStatus, 409)
    assert.deepEqual(
      unconnected.rest.calls.map((row) => row[3]),
      [409]
    )
    assert.deepEqual(
      unconnected.mcp.calls.map((row) => row[3]),
      [409]
    )
  })

  test('over quota: recorded 429 on both surfaces and not counted', async ({ client, assert }) => {
    const outcome = await overBothSurfaces(
      client,
      { action: 'get_usage', method: 'GET', args: {} },
      (user) => setUsage(user.id, 10_000)
    )
    assert.equal(outcome.restStatus, 429)
    assert.isTrue(outcome.toolResult.isError)
    assert.deepEqual(
      outcome.rest.calls.map((row) => row[3]),
      [429]
    )
    assert.deepEqual(
      outcome.mcp.calls.map((row) => row[3]),
      [429]
    )
    assert.equal(outcome.rest.counted, 0)
    assert.equal(outcome.mcp.counted, 0)
  })
})

test.group('Metering: CLI tokens', () => {
  test('a CLI token is metered like an API key on REST, MCP and /internal, recorded under its own id', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const token = await mintCliToken(user, 'laptop')
    const cli = await db.from('api_tokens').where({ user_id: user.id, kind: 'cli_token' }).first()

    ;(await client.get('/api/v1/usage').bearerToken(token)).assertStatus(200)
    const mcp = await connectMcp(token)
    const result = await callTool(mcp, 'get_account')
    await mcp.close()
    assert.notOk(result.isError)
    ;(await client.post('/internal/meta/resolve').bearerToken(token)).assertStatus(200)

    assert.equal(await quotaUsed(user.id), 3)
    assert.deepEqual(await recordedCalls(user.id), [
      [Number(cli.id), 'GET', '/api/v1/usage', 200],
      [Number(cli.id), 'MCP', 'tools/call get_account', 200],
      [Number(cli.id), 'POST', '/internal/meta/resolve', 200],
    ])

    const report = await client.get('/api/v1/usage/report').bearerToken(token)
    report.assertStatus(200)
    assert.containsSubset(report.body().credentials, [
      { tokenId: Number(cli.id), kind: 'cli_token', calls: 3, successful: 3, failed: 0 },
    ])
    // Reading the report is not metered.
    assert.equal(await quotaUsed(user.id), 3)
  })
})
