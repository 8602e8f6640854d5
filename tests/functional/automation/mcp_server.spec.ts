import { test } from '@japa/runner'
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js'
import { createApiKey, createUser } from '#tests/helpers/factories'
import { publishedRegistry } from '#automation/registry/published_actions'
import {
  callTool,
  connectMcp,
  flushCallLog,
  postMcp,
  setMonthlyUsage,
  textOf,
} from '#tests/functional/automation/mcp_client'

const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: LATEST_PROTOCOL_VERSION,
    capabilities: {},
    clientInfo: { name: 'raw', version: '1' },
  },
}

test.group('MCP server (/mcp, Streamable HTTP)', () => {
  test('an MCP client initializes and receives the server instructions', async ({ assert }) => {
    const user = await createUser()
    const { key } = await createApiKey(user)
    const client = await connectMcp(key)

    assert.equal(client.getServerVersion()?.name, 'adrelay')
    const instructions = client.getInstructions() ?? ''
    assert.include(instructions, 'list_ad_accounts')
    assert.include(instructions, 'minor units')
    assert.include(instructions, 'confirm: true')
    assert.include(instructions, 'the smaller of remaining and key.remaining')
    await client.close()
  })

  test('tools/list returns every published action with its input schema and annotations', async ({
    assert,
  }) => {
    const user = await createUser()
    const { key } = await createApiKey(user)
    const client = await connectMcp(key)
    const { tools } = await client.listTools()

    const expected = publishedRegistry()
      .list()
      .map((action) => action.declaration.name)
    assert.sameMembers(
      tools.map((tool) => tool.name),
      expected
    )
    for (const tool of tools) {
      const declaration = publishedRegistry().find(tool.name)!.declaration
      assert.equal(tool.inputSchema.type, 'object', tool.name)
      assert.equal(tool.description, declaration.description)
      assert.equal(tool.title, declaration.title)
      assert.equal(tool.annotations?.readOnlyHint, declaration.annotations.readOnlyHint, tool.name)
      assert.equal(tool.annotations?.destructiveHint, declaration.annotations.destructiveHint)
      assert.equal(tool.annotations?.idempotentHint, declaration.annotations.idempotentHint)
      assert.equal(tool.annotations?.openWorldHint, declaration.annotations.openWorldHint)
      assert.equal(tool.outputSchema?.type, 'object', tool.name)
      for (const [field, schema] of Object.entries<any>(tool.inputSchema.properties ?? {})) {
        assert.isString(schema.description, `${tool.name}.${field} has a description`)
      }
    }
    await client.close()
  })

  test('tools/list publishes the closed input schemas, output schemas and annotations of the OpenAPI document', async ({
    assert,
    client: http,
  }) => {
    const user = await createUser()
    const { key } = await createApiKey(user)
    const client = await connectMcp(key)
    const { tools } = await client.listTools()
    await client.close()
    const document = (await http.get('/api/v1/openapi.json')).body()

    const operations = new Map<string, { method: string; operation: any }>()
    for (const item of Object.values<any>(document.paths)) {
      for (const [method, operation] of Object.entries<any>(item)) {
        const tool = operation['x-mcp-tool']
        if (tool && !String(operation.operationId).endsWith('_short_url')) {
          operations.set(tool, { method, operation })
        }
      }
    }
    assert.sameMembers(
      tools.map((tool) => tool.name),
      [...operations.keys()]
    )
    for (const tool of tools) {
      const { method, operation } = operations.get(tool.name)!
      assert.equal(tool.inputSchema.additionalProperties, false, tool.name)
      if (method === 'post') {
        assert.deepEqual(
          tool.inputSchema,
          operation.requestBody.content['application/json'].schema,
          tool.name
        )
      } else {
        // GET operations spread the same schema into query parameters.
        const properties = tool.inputSchema.properties ?? {}
        assert.deepEqual(
          operation.parameters.map((parameter: any) => parameter.name),
          Object.keys(properties),
          tool.name
        )
        for (const parameter of operation.parameters) {
          const { description, ...schema } = properties[parameter.name] as any
          assert.deepEqual(parameter.schema, schema, `${tool.name}.${parameter.name}`)
          assert.equal(parameter.description, description)
          assert.equal(
            parameter.required,
            (tool.inputSchema.required ?? []).includes(parameter.name)
          )
        }
      }
      // One example per tool: the operation's request body example, or its parameters' values.
      const example =
        method === 'post'
          ? operation.requestBody.content['application/json'].example
          : Object.fromEntries(
              operation.parameters
                .filter((parameter: any) => parameter.example !== undefined)
                .map((parameter: any) => [parameter.name, parameter.example])
            )
      assert.deepEqual(tool.inputSchema.examples, [example], tool.name)
      assert.deepEqual(
        tool.outputSchema,
        operation.responses['200'].content['application/json'].schema,
        tool.name
      )
      assert.deepEqual(
        tool.annotations,
        { title: tool.title, ...operation['x-mcp-annotations'] },
        tool.name
      )
    }
  })

  test('tools/call with arguments that are not an object answers JSON-RPC -32602 and is not counted', async ({
    assert,
  }) => {
    const user = await createUser()
    const { key } = await createApiKey(user)
    for (const args of [['a'], 'text', 42]) {
      const response = await postMcp(
        {
          jsonrpc: '2.0',
          id: 7,
          method: 'tools/call',
          params: { name: 'get_usage', arguments: args },
        },
        { Authorization: `Bearer ${key}` }
      )
      assert.equal(response.status, 200)
      const body = (await response.json()) as any
      assert.equal(body.id, 7)
      assert.equal(body.error.code, -32602, JSON.stringify(args))
    }
    const client = await connectMcp(key)
    const usage = await callTool(client, 'get_usage')
    await client.close()
    assert.equal((usage.structuredContent as any).total, 1)
  })

  test('tools/call of an unknown tool answers JSON-RPC -32602 and is neither counted nor recorded', async ({
    assert,
    client: http,
  }) => {
    const user = await createUser()
    const { key } = await createApiKey(user)
    const response = await postMcp(
      { jsonrpc: '2.0', id: 'x', method: 'tools/call', params: { name: 'drop_tables' } },
      { Authorization: `Bearer ${key}` }
    )
    const body = (await response.json()) as any
    assert.equal(body.error.code, -32602)
    assert.include(body.error.message, 'Unknown tool: drop_tables')

    await flushCallLog()
    const recent = await http.get('/api/recent-calls').loginAs(user)
    assert.deepEqual(recent.body(), [])
    const usage = await http.get('/api/usage').loginAs(user)
    assert.equal(usage.body().total, 0)
  })

  test('get_usage returns structured content and counts one request per tools/call', async ({
    assert,
  }) => {
    const user = await createUser()
    const { key, record } = await createApiKey(user)
    const client = await connectMcp(key)
    await client.listTools()

    const first = await callTool(client, 'get_usage')
    const second = await callTool(client, 'get_usage')

    assert.notOk(first.isError)
    // initialize and tools/list were not counted; each tools/call was.
    assert.equal((first.structuredContent as any).total, 1)
    assert.equal((second.structuredContent as any).total, 2)
    assert.equal((second.structuredContent as any).limit, 10_000)
    assert.deepEqual((second.structuredContent as any).plan, { id: 'free', name: 'Free' })
    assert.deepEqual((second.structuredContent as any).key, {
      id: record.id,
      monthlyLimit: null,
      used: 2,
      remaining: null,
    })
    assert.deepEqual(JSON.parse(textOf(second)), second.structuredContent)
    await client.close()
  })

  test('tool calls appear in recent calls as MCP tools/call <name>', async ({ client, assert }) => {
    const user = await createUser()
    const { key } = await createApiKey(user)
    const mcp = await connectMcp(key)
    await callTool(mcp, 'get_account')
    await mcp.close()
    await flushCallLog()

    const response = await client.get('/api/recent-calls').loginAs(user)
    response.assertStatus(200)
    const calls = response.body()
    assert.lengthOf(calls, 1)
    assert.equal(calls[0].method, 'MCP')
    assert.equal(calls[0].endpoint, 'tools/call get_account')
    assert.equal(calls[0].statusCode, 200)
  })

  test('without an API key every MCP request answers 401 with a Bearer challenge', async ({
    assert,
  }) => {
    for (const method of ['POST', 'GET', 'DELETE']) {
      const response = await fetch(
        new URL('/mcp', `http://${process.env.HOST}:${process.env.PORT}`),
        {
          method,
          headers: {
            'Content-Type': 'application/json',
            'Accept': 'application/json, text/event-stream',
          },
          body: method === 'POST' ? JSON.stringify(initialize) : undefined,
        }
      )
      assert.equal(response.status, 401, method)
      assert.match(response.headers.get('www-authenticate') ?? '', /^Bearer/)
      assert.equal(((await response.json()) as any).error.code, 'invalid_api_key')
    }
  })

  test('the SDK client fails to connect with a revoked-looking key', async ({ assert }) => {
    await assert.rejects(() => connectMcp('adr_live_not_a_real_key'))
  })

  test('a request from a foreign Origin is refused with 403', async ({ assert }) => {
    const user = await createUser()
    const { key } = await createApiKey(user)
    const response = await postMcp(initialize, {
      Authorization: `Bearer ${key}`,
      Origin: 'http://evil.example',
    })
    assert.equal(response.status, 403)
    assert.equal(((await response.json()) as any).error.code, 'origin_not_allowed')
  })

  test("the app's own origin is allowed", async ({ assert }) => {
    const user = await createUser()
    const { key } = await createApiKey(user)
    const { appUrl } = await import('#config/app')
    const response = await postMcp(initialize, {
      Authorization: `Bearer ${key}`,
      Origin: new URL(appUrl).origin,
    })
    assert.equal(response.status, 200)
    assert.equal(((await response.json()) as any).result.serverInfo.name, 'adrelay')
  })

  test('an unsupported MCP-Protocol-Version answers 400', async ({ assert }) => {
    const user = await createUser()
    const { key } = await createApiKey(user)
    const response = await postMcp(
      { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} },
      { 'Authorization': `Bearer ${key}`, 'MCP-Protocol-Version': '1999-01-01' }
    )
    assert.equal(response.status, 400)
    assert.equal(((await response.json()) as any).error.code, 'unsupported_protocol_version')
  })

  test('GET and DELETE answer 405 in stateless mode', async ({ assert }) => {
    const user = await createUser()
    const { key } = await createApiKey(user)
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(
        new URL('/mcp', `http://${process.env.HOST}:${process.env.PORT}`),
        {
          method,
          headers: { Authorization: `Bearer ${key}`, Accept: 'text/event-stream' },
        }
      )
      assert.equal(response.status, 405, method)
      assert.equal(response.headers.get('allow'), 'POST')
    }
  })

  test('invalid arguments come back as a tool error naming the field', async ({ assert }) => {
    const user = await createUser()
    const { key } = await createApiKey(user)
    const client = await connectMcp(key)
    const target = publishedRegistry()
      .list()
      .find((action) => (action.inputJsonSchema.required ?? []).length > 0)
    assert.exists(target, 'an action with a required argument is published')
    const field = target!.inputJsonSchema.required[0]
    const result = await callTool(client, target!.declaration.name, {})
    assert.isTrue(result.isError)
    assert.match(textOf(result), /^validation_failed: /)
    assert.include(textOf(result), field)
    await client.close()
  })

  test('over quota, a tool call answers the tool error quota_exceeded', async ({ assert }) => {
    const user = await createUser()
    const { key } = await createApiKey(user)
    await setMonthlyUsage(user.id, 10_000)
    const client = await connectMcp(key)

    const result = await callTool(client, 'get_usage')
    assert.isTrue(result.isError)
    assert.match(textOf(result), /^quota_exceeded: Monthly request quota of 10000 reached/)
    const body = JSON.parse((result.content[1] as any).text)
    assert.equal(body.error.limit, 10_000)
    await client.close()
  })
})
