import { test } from '@japa/runner'
import { Validator } from '@seriousme/openapi-schema-validator'
import { publishedRegistry } from '#automation/registry/published_actions'
import { createApiKey } from '#tests/helpers/factories'
import { ALEX, IDS, createConnectedUser, freshSandbox } from '#tests/helpers/meta'
import { inertiaVersion } from '#tests/helpers/inertia'
import { queryFromDocument } from '#tests/helpers/openapi'

const day = (offset: number) =>
  new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10)

test.group('OpenAPI document', () => {
  test('GET /api/v1/openapi.json is a valid OpenAPI 3.1 document', async ({ client, assert }) => {
    const response = await client.get('/api/v1/openapi.json')
    response.assertStatus(200)
    const document = response.body()
    assert.equal(document.openapi, '3.1.0')

    const validator = new Validator()
    const result = await validator.validate(document)
    assert.isTrue(result.valid, JSON.stringify(result.errors))
  })

  test('it lists every published action with bearer security and error responses', async ({
    client,
    assert,
  }) => {
    const response = await client.get('/api/v1/openapi.json')
    const document = response.body()
    assert.deepEqual(document.components.securitySchemes.bearerAuth, {
      type: 'http',
      scheme: 'bearer',
      description: document.components.securitySchemes.bearerAuth.description,
    })
    assert.deepEqual(document.security, [{ bearerAuth: [] }])

    for (const action of publishedRegistry().list()) {
      const operation = document.paths[action.path]?.[action.method.toLowerCase()]
      assert.exists(operation, `${action.method} ${action.path}`)
      assert.equal(operation.operationId, action.declaration.name)
      assert.equal(operation['x-mcp-tool'], action.declaration.name)
      for (const status of ['200', '401', '403', '422', '429']) {
        assert.property(operation.responses, status, `${action.declaration.name} ${status}`)
      }
      if (action.method === 'GET') {
        const required = action.inputJsonSchema.required ?? []
        assert.sameMembers(
          operation.parameters.filter((p: any) => p.required).map((p: any) => p.name),
          required
        )
      } else {
        assert.deepEqual(
          operation.requestBody.content['application/json'].schema,
          action.inputJsonSchema
        )
      }
    }
  })

  test('object query parameters are deepObject and every input refuses extra properties', async ({
    client,
    assert,
  }) => {
    const document = (await client.get('/api/v1/openapi.json')).body()
    const insights = document.paths['/api/v1/meta/get_insights'].get
    const timeRange = insights.parameters.find((parameter: any) => parameter.name === 'timeRange')
    assert.equal(timeRange.style, 'deepObject')
    assert.isTrue(timeRange.explode)
    assert.isFalse(timeRange.schema.additionalProperties)
    for (const action of publishedRegistry().list()) {
      assert.isFalse(action.inputJsonSchema.additionalProperties, action.declaration.name)
    }
    const update = document.paths['/api/v1/meta/update_campaign_status'].post
    assert.isFalse(update.requestBody.content['application/json'].schema.additionalProperties)
  })

  test('only the actions that preview without confirm say so', async ({ client, assert }) => {
    const document = (await client.get('/api/v1/openapi.json')).body()
    const note = 'Previews the change unless the body has `"confirm": true`.'
    const writes = publishedRegistry()
      .list()
      .filter((action) => !action.declaration.annotations.readOnlyHint)
    // Every Meta write previews unless confirmed; rules, alerts and leads act at once.
    for (const action of writes) {
      const description = document.paths[action.path].post.description as string
      if (action.declaration.module === 'meta') {
        assert.include(description, note, action.declaration.name)
      } else {
        assert.notInclude(description, note, action.declaration.name)
      }
    }
    assert.isAbove(writes.filter((action) => action.declaration.module !== 'meta').length, 5)
    assert.include(document.info.description, 'the other actions that change data act at once')
  })

  test('every status an operation can return is documented, Meta failures included', async ({
    client,
    assert,
  }) => {
    const document = (await client.get('/api/v1/openapi.json')).body()
    const responses = (path: string, method: string) =>
      Object.keys(document.paths[path][method].responses)
    const meta = ['200', '400', '401', '403', '404', '409', '422', '429', '500', '502', '503']
    assert.includeMembers(responses('/api/v1/meta/list_campaigns', 'get'), meta)
    assert.includeMembers(responses('/api/v1/meta/update_campaign_status', 'post'), [
      ...meta,
      '413',
      '415',
    ])
    const examples = (name: string) =>
      Object.keys(document.components.responses[name].content['application/json'].examples)
    assert.includeMembers(examples('MetaConnectionProblem'), [
      'meta_not_connected',
      'meta_token_invalid',
    ])
    assert.includeMembers(examples('RateLimited'), ['quota_exceeded', 'meta_rate_limited'])
    assert.property(document.components.responses.RateLimited.headers, 'Retry-After')
    assert.includeMembers(examples('BadRequest'), ['meta_error', 'invalid_json'])
    assert.includeMembers(examples('MetaBadGateway'), ['meta_error'])
    assert.includeMembers(examples('MetaUnavailable'), ['meta_unavailable'])
    // Usage actions do not call Meta: no Meta statuses claimed for them.
    assert.notProperty(document.paths['/api/v1/usage/get_usage'].get.responses, '409')
  })

  test('the integrator endpoints are in the document', async ({ client, assert }) => {
    const document = (await client.get('/api/v1/openapi.json')).body()
    const resolve = document.paths['/internal/meta/resolve'].post
    assert.equal(resolve.operationId, 'resolve_integrator_context')
    assert.includeMembers(
      Object.keys(resolve.responses['200'].content['application/json'].schema.properties),
      ['userId', 'plan', 'quota', 'meta']
    )
    const proxy = document.paths['/internal/meta/proxy'].post
    assert.equal(proxy.operationId, 'proxy_graph_request')
    const body = proxy.requestBody.content['application/json'].schema
    assert.sameMembers(Object.keys(body.properties), ['method', 'path', 'params'])
    assert.sameMembers(body.required, ['method', 'path'])
    assert.includeMembers(Object.keys(proxy.responses), ['400', '403', '409', '429', '502', '503'])
  })

  test('a client that follows the document gets the period it asked for', async ({
    client,
    assert,
  }) => {
    await freshSandbox()
    const user = await createConnectedUser()
    const { key } = await createApiKey(user)
    const document = (await client.get('/api/v1/openapi.json')).body()
    const operation = document.paths['/api/v1/meta/get_insights'].get
    const period = { since: day(6), until: day(4) }
    const query = queryFromDocument(operation, {
      objectId: IDS.aboCampaign,
      timeRange: period,
      timeIncrement: '1',
      fields: ['spend', 'impressions'],
    })
    assert.include(decodeURIComponent(query), `timeRange[since]=${period.since}`)

    const response = await client.get(`/api/v1/meta/get_insights?${query}`).bearerToken(key)
    response.assertStatus(200)
    assert.deepEqual(response.body().timeRange, period)
    assert.isNull(response.body().datePreset)
    const days = response.body().rows.map((row: any) => row.date_start)
    assert.sameMembers([...new Set(days)], [day(6), day(5), day(4)])
  })

  test('a client that sends the period as plain since/until is told so, not given a default', async ({
    client,
    assert,
  }) => {
    const user = await createConnectedUser()
    const { key } = await createApiKey(user)
    const response = await client
      .get('/api/v1/meta/get_insights')
      .qs({ objectId: ALEX.accounts[0], since: day(6), until: day(4) })
      .bearerToken(key)
    response.assertStatus(422)
    response.assertBodyContains({
      error: { code: 'validation_failed', field: 'since', unknownParameters: ['since', 'until'] },
    })
    assert.match(response.body().error.message, /since, until/)
  })

  test('the API reference page renders the document with a bundled viewer', async ({ client }) => {
    const response = await client
      .get('/docs/api')
      .header('X-Inertia', 'true')
      .header('X-Inertia-Version', await inertiaVersion())
    response.assertStatus(200)
    response.assertBodyContains({
      component: 'docs/api_reference',
      props: { specUrl: '/api/v1/openapi.json' },
    })
  })
})
