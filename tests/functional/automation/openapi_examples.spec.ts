import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import { accountEndpoints } from '#automation/openapi/account_endpoints'
import { publishedRegistry } from '#automation/registry/published_actions'
import type { MetaSandbox } from '#stand_ins/meta_sandbox/meta_sandbox'
import { createApiKey, setPlan } from '#tests/helpers/factories'
import { createConnectedUser, freshSandbox } from '#tests/helpers/meta'
import { mintCliToken } from '#tests/helpers/cli'
import { alwaysMatchingRule, invoke, posts, VISITORS } from '#tests/helpers/rules'
import {
  pathFromTemplate,
  queryFromDocument,
  responseSchemaValidator,
} from '#tests/helpers/openapi'

/*
| Every operation of the OpenAPI document called with its own published example, as a client
| reading the document would send it (query serialised per each parameter's style, JSON body),
| by an Agency user connected to the Meta sandbox as Alex: each answers its documented success
| status with a body that passes its documented response schema, and a Meta write answers its
| preview without writing at Meta.
|
| Examples name objects of the sandbox seed (ad accounts, campaigns, pages, forms). Ids of
| Adrelay's own objects (rules, rule actions, webhooks, forwardings, keys, embed sessions,
| budget schedules) cannot be known in advance: for those operations the test first makes the
| object, and only that id replaces the example's.
*/

interface Call {
  params: Record<string, unknown>
  query: Record<string, unknown>
  body?: Record<string, unknown>
}

/** What a fixture changes in an example: ids of objects it made, or the credential. */
interface Override {
  params?: Record<string, unknown>
  query?: Record<string, unknown>
  body?: Record<string, unknown>
  bearer?: string
}

/** The example an operation publishes: its parameters' `example`s and its body's `example`. */
function exampleOf(operation: any): Call {
  const call: Call = { params: {}, query: {} }
  for (const parameter of operation.parameters ?? []) {
    if (parameter.example !== undefined) {
      call[parameter.in === 'path' ? 'params' : 'query'][parameter.name] = parameter.example
    }
  }
  const content = operation.requestBody?.content?.['application/json']
  if (content) call.body = content.example
  return call
}

/** Runs `make` once, on first use. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined
  return () => (made ??= make())
}

/** Writes at Meta are confirmed where the action takes `confirm` (fixtures only). */
function confirmed(name: string): Record<string, unknown> {
  const properties = publishedRegistry().find(name)!.inputJsonSchema.properties ?? {}
  return Object.hasOwn(properties, 'confirm') ? { confirm: true } : {}
}

async function mintEmbedSession(client: ApiClient, key: string) {
  const response = await client
    .post('/api/v1/embed/sessions')
    .bearerToken(key)
    .json({ components: ['quota'], allowedOrigins: ['https://portal.example.com'] })
  response.assertStatus(201)
  return response.body().id as string
}

test.group('OpenAPI examples', (group) => {
  let sandbox: MetaSandbox
  group.each.setup(async () => {
    sandbox = await freshSandbox()
  })

  test('every operation answers its documented success with its own example', async ({
    client,
    assert,
  }) => {
    const user = await createConnectedUser()
    await setPlan(user, 'agency')
    const { key, record: keyRecord } = await createApiKey(user, 'examples')
    const cliToken = await mintCliToken(user)
    const userId = user.id
    const run = (name: string, input: unknown) => invoke(userId, name, input, 'agency')

    // Rules: one in approval mode (its run leaves two actions waiting), one in auto mode
    // (its run pauses an ad set, an action that can be reverted).
    const approvalRule = once(async () => {
      const { rule } = await run('create_rule', {
        name: 'Scale retargeting',
        definition: alwaysMatchingRule(),
        mode: 'approval',
      })
      return rule.id as number
    })
    const waitingActions = once(async () => {
      const ruleId = await approvalRule()
      await run('run_rule', { ruleId, ...confirmed('run_rule') })
      const { items } = await run('list_rule_approvals', {})
      assert.lengthOf(items, 2, 'actions waiting for approval')
      return items.map((item: { id: number }) => item.id) as number[]
    })
    const executedAction = once(async () => {
      const { rule } = await run('create_rule', {
        name: 'Pause new arrivals',
        definition: alwaysMatchingRule({ actions: [{ type: 'pause' }] }, ['120200000001052']),
        mode: 'auto',
      })
      const { run: ruleRun } = await run('run_rule', { ruleId: rule.id, ...confirmed('run_rule') })
      const item = ruleRun.items?.find((candidate: any) => candidate.status === 'executed')
      assert.exists(item, 'an executed rule action')
      return item.id as number
    })
    const keyId = async () => (await createApiKey(user, 'client portal')).record.id

    const fixtures: Record<string, () => Promise<Override>> = {
      update_rule: async () => ({ body: { ruleId: await approvalRule() } }),
      get_rule: async () => ({ query: { ruleId: await approvalRule() } }),
      run_rule: async () => ({ body: { ruleId: await approvalRule() } }),
      list_rule_runs: async () => ({ query: { ruleId: await approvalRule() } }),
      delete_rule: async () => {
        const { rule } = await run('create_rule', {
          name: 'To delete',
          definition: alwaysMatchingRule(),
        })
        return { body: { ruleId: rule.id } }
      },
      approve_rule_action: async () => ({ body: { itemId: (await waitingActions())[0] } }),
      reject_rule_action: async () => ({ body: { itemId: (await waitingActions())[1] } }),
      revert_rule_action: async () => ({ body: { itemId: await executedAction() } }),
      delete_alert_webhook: async () => {
        const { webhook } = await run('create_alert_webhook', {
          name: 'To delete',
          format: 'json',
          url: 'https://hooks.example.com/adrelay',
        })
        return { body: { id: webhook.id } }
      },
      delete_lead_forwarding: async () => {
        const { forwarding } = await run('create_lead_forwarding', {
          name: 'To delete',
          url: 'https://crm.example.com/hooks/leads',
        })
        return { body: { id: forwarding.id } }
      },
      delete_budget_schedule: async () => {
        const schedule = await run('create_budget_schedule', {
          adSetId: VISITORS,
          budgetValueType: 'ABSOLUTE',
          budgetValue: 1000,
          timeStart: '2031-12-05T05:00:00Z',
          timeEnd: '2031-12-05T17:00:00Z',
          confirm: true,
        })
        return { body: { scheduleId: schedule.objectId } }
      },
      revoke_api_key: async () => ({ params: { id: await keyId() } }),
      update_api_key: async () => ({ params: { id: await keyId() } }),
      rotate_api_key: async () => ({ params: { id: await keyId() } }),
      create_embed_session: async () => ({ body: { keyId: keyRecord.id } }),
      revoke_embed_session: async () => ({ params: { id: await mintEmbedSession(client, key) } }),
      // Signing out revokes the CLI token sent: it gets one of its own.
      revoke_cli_session: async () => ({ bearer: await mintCliToken(user, 'signing out') }),
    }

    const credentialOf = new Map(accountEndpoints.map((e) => [e.operationId, e.credential]))
    const bearerFor = (operationId: string) => {
      const credential = credentialOf.get(operationId)
      if (credential === 'none') return null
      return credential === 'cli_token' ? cliToken : key
    }

    const document = (await client.get('/api/v1/openapi.json')).body()
    const validate = responseSchemaValidator()
    const failures: string[] = []
    let operations = 0
    for (const [template, methods] of Object.entries<any>(document.paths)) {
      for (const [method, operation] of Object.entries<any>(methods)) {
        operations++
        const { operationId } = operation
        const example = exampleOf(operation)
        const missing = [
          ...(operation.parameters ?? [])
            .filter((parameter: any) => parameter.required && parameter.example === undefined)
            .map((parameter: any) => parameter.name),
          ...(operation.requestBody && example.body === undefined ? ['request body'] : []),
        ]
        if (missing.length > 0) {
          failures.push(`${operationId}: no example for ${missing.join(', ')}`)
          continue
        }
        const fixture = await (fixtures[operationId.replace(/_short_url$/, '')]?.() ?? {})
        const call: Call = {
          params: { ...example.params, ...fixture.params },
          query: { ...example.query, ...fixture.query },
          body: example.body && { ...example.body, ...fixture.body },
        }
        const query = queryFromDocument(operation, call.query)
        const url = pathFromTemplate(template, call.params) + (query ? `?${query}` : '')
        let request = (client as any)[method](url)
        const bearer = fixture.bearer ?? bearerFor(operationId)
        if (bearer) request = request.bearerToken(bearer)
        if (call.body) request = request.json(call.body)
        const previews =
          Object.hasOwn(
            operation.requestBody?.content?.['application/json']?.schema?.properties ?? {},
            'confirm'
          ) && call.body?.confirm !== true
        const writesBefore = posts(sandbox).length
        const response = await request

        const [success] = Object.keys(operation.responses).filter((status) => /^2/.test(status))
        if (String(response.status()) !== success) {
          failures.push(
            `${operationId}: ${response.status()} instead of ${success}: ${JSON.stringify(response.body()).slice(0, 300)}`
          )
          continue
        }
        const schema = operation.responses[success].content?.['application/json']?.schema
        const problem = schema ? validate(schema, response.body()) : null
        if (problem) failures.push(`${operationId}: the body does not match its schema: ${problem}`)
        if (previews) {
          if (response.body().preview !== true) failures.push(`${operationId}: not a preview`)
          if (posts(sandbox).length !== writesBefore) {
            failures.push(`${operationId}: wrote at Meta without confirm: true`)
          }
        }
      }
    }
    assert.isAbove(operations, 80)
    assert.deepEqual(failures, [])
  }).timeout(120_000)
})
