import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import type { ApiClient } from '@japa/api-client'
import { toDbTimestamp } from '#shared/db_time'
import { createApiKey, createUser, setPlan } from '#tests/helpers/factories'
import { ALEX, createConnectedUser, freshSandbox } from '#tests/helpers/meta'
import type User from '#accounts/models/user'

const PORTAL = 'http://127.0.0.1:4100'
const OTHER = 'https://evil.example'

/** Mints a rule_activity session for `user` (Agency plan) with the given ad accounts. */
async function mint(client: ApiClient, user: User, adAccountIds?: string[]) {
  await setPlan(user, 'agency')
  const { key } = await createApiKey(user, 'agency server')
  const response = await client
    .post('/api/v1/embed/sessions')
    .bearerToken(key)
    .json({ components: ['rule_activity'], allowedOrigins: [PORTAL], adAccountIds })
  response.assertStatus(201)
  return response.body() as { id: string; clientSecret: string }
}

function read(client: ApiClient, id: string, secret: string, origin = PORTAL, query = '') {
  return client
    .get(`/embed/v1/${id}/rule_activity${query}`)
    .header('origin', origin)
    .bearerToken(secret)
}

/**
 * A rule of `user` scoped to `adAccountIds` with one completed run that paused one ad set
 * (as the rule runner stores them: `rules`, `rule_runs`, `rule_run_items`).
 */
async function ruleWithRun(user: User, name: string, adAccountIds: string[] | 'all') {
  const now = new Date()
  const [ruleId] = await db.table('rules').insert({
    user_id: user.id,
    name,
    enabled: true,
    mode: 'auto',
    definition: JSON.stringify({
      scope: { adAccountIds, level: 'ad_set', filters: {} },
      conditions: [],
      actions: [{ type: 'pause' }],
      guards: {},
      schedule: { every: 'hour' },
      webhookUrl: 'https://hooks.example/secret-path',
    }),
    created_at: toDbTimestamp(now),
    updated_at: toDbTimestamp(now),
  })
  const [runId] = await db.table('rule_runs').insert({
    rule_id: ruleId,
    user_id: user.id,
    trigger: 'manual',
    tick: `manual-${name}`,
    status: 'completed',
    mode: 'auto',
    evaluated_count: 12,
    matched_count: 1,
    acted_count: 1,
    started_at: toDbTimestamp(now),
    finished_at: toDbTimestamp(now),
  })
  const account = adAccountIds === 'all' ? ALEX.accounts[0] : adAccountIds[0]
  await db.table('rule_run_items').insert({
    run_id: runId,
    rule_id: ruleId,
    user_id: user.id,
    ad_account_id: account,
    object_type: 'ad_set',
    object_id: '2384000001',
    object_name: `${name} ad set`,
    metrics: JSON.stringify({ cpa: 4200 }),
    action: 'pause',
    field: 'status',
    before_value: 'ACTIVE',
    planned_value: 'PAUSED',
    executed_value: 'PAUSED',
    status: 'executed',
    error_message: 'meta said something with a token EAAB-secret',
    created_at: toDbTimestamp(now),
    executed_at: toDbTimestamp(now),
  })
}

test.group('Embed reads: rule_activity', (group) => {
  group.each.setup(async () => {
    await freshSandbox()
  })

  test('an unrestricted session lists every rule run with its changes, nothing secret', async ({
    client,
    assert,
  }) => {
    const user = await createConnectedUser(ALEX)
    await ruleWithRun(user, 'Stop loss', [ALEX.accounts[0]])
    await ruleWithRun(user, 'Everywhere', 'all')
    const { id, clientSecret } = await mint(client, user)
    const response = await read(client, id, clientSecret)
    response.assertStatus(200)
    response.assertHeader('access-control-allow-origin', PORTAL)
    const runs = response.body()
    assert.deepEqual(
      runs.map((run: { ruleName: string }) => run.ruleName),
      ['Everywhere', 'Stop loss']
    )
    assert.containsSubset(runs[1], {
      ruleName: 'Stop loss',
      mode: 'auto',
      status: 'completed',
      evaluated: 12,
      matched: 1,
      acted: 1,
      changes: [
        {
          objectName: 'Stop loss ad set',
          objectId: '2384000001',
          field: 'status',
          before: 'ACTIVE',
          after: 'PAUSED',
          status: 'executed',
        },
      ],
    })
    const text = JSON.stringify(runs)
    assert.notInclude(text, 'secret-path')
    assert.notInclude(text, 'EAAB')
    assert.notProperty(runs[0], 'definition')

    const limited = await read(client, id, clientSecret, PORTAL, '?limit=1')
    assert.lengthOf(limited.body(), 1)
  })

  test('a session with ad accounts sees only rules scoped to those accounts', async ({
    client,
    assert,
  }) => {
    const user = await createConnectedUser(ALEX)
    await ruleWithRun(user, 'First account', [ALEX.accounts[0]])
    await ruleWithRun(user, 'Second account', [ALEX.accounts[1]])
    await ruleWithRun(user, 'Both', [ALEX.accounts[0], ALEX.accounts[1]])
    await ruleWithRun(user, 'Everywhere', 'all')
    const { id, clientSecret } = await mint(client, user, [ALEX.accounts[0]])
    const response = await read(client, id, clientSecret)
    response.assertStatus(200)
    assert.deepEqual(
      response.body().map((run: { ruleName: string }) => run.ruleName),
      ['First account']
    )
  })

  test("another account's runs are never shown; no runs is an empty list", async ({
    client,
    assert,
  }) => {
    const owner = await createConnectedUser(ALEX)
    await ruleWithRun(owner, 'Not yours', [ALEX.accounts[0]])
    const stranger = await createUser()
    const { id, clientSecret } = await mint(client, stranger)
    const response = await read(client, id, clientSecret)
    response.assertStatus(200)
    assert.deepEqual(response.body(), [])
  })

  test('another origin, another session’s secret, or a session without the component is refused', async ({
    client,
    assert,
  }) => {
    const user = await createConnectedUser(ALEX)
    await ruleWithRun(user, 'Stop loss', [ALEX.accounts[0]])
    const { id, clientSecret } = await mint(client, user)
    const foreign = await read(client, id, clientSecret, OTHER)
    foreign.assertStatus(403)
    foreign.assertBodyContains({ error: { code: 'embed_origin_not_allowed' } })
    assert.isUndefined(foreign.header('access-control-allow-origin'))

    const other = await createUser()
    const { clientSecret: otherSecret } = await mint(client, other)
    const wrongSecret = await read(client, id, otherSecret)
    wrongSecret.assertStatus(401)

    const { key } = await createApiKey(user)
    const quotaOnly = await client
      .post('/api/v1/embed/sessions')
      .bearerToken(key)
      .json({ components: ['quota'], allowedOrigins: [PORTAL] })
    const { id: quotaId, clientSecret: quotaSecret } = quotaOnly.body()
    const refused = await read(client, quotaId, quotaSecret)
    refused.assertStatus(403)
    refused.assertBodyContains({ error: { code: 'embed_component_not_allowed' } })
    assert.notInclude(JSON.stringify(refused.body()), 'Stop loss')
  })
})
