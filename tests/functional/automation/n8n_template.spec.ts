import { test } from '@japa/runner'
import { createUser } from '#tests/helpers/factories'
import { appUrl } from '#config/app'
import { inertiaVersion } from '#tests/helpers/inertia'

test.group('n8n workflow template', () => {
  test('it parses and its MCP node points at /mcp with httpStreamable and bearer auth', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const response = await client.get('/api/automation/n8n-workflow').loginAs(user)
    response.assertStatus(200)
    const workflow = JSON.parse(JSON.stringify(response.body()))

    const mcp = workflow.nodes.find(
      (node: any) => node.type === '@n8n/n8n-nodes-langchain.mcpClientTool'
    )
    assert.exists(mcp)
    assert.equal(mcp.typeVersion, 1.4)
    assert.equal(mcp.parameters.endpointUrl, new URL('/mcp', appUrl).toString())
    assert.equal(mcp.parameters.serverTransport, 'httpStreamable')
    assert.equal(mcp.parameters.authentication, 'bearerAuth')

    const types = workflow.nodes.map((node: any) => node.type)
    assert.includeMembers(types, [
      '@n8n/n8n-nodes-langchain.chatTrigger',
      '@n8n/n8n-nodes-langchain.agent',
      '@n8n/n8n-nodes-langchain.lmChatOpenAi',
    ])
    const agent = workflow.nodes.find((node: any) => node.type === '@n8n/n8n-nodes-langchain.agent')
    assert.match(agent.parameters.options.systemMessage, /Meta ads analyst/i)

    // connections are keyed by node name and all lead to the agent
    const names = new Set(workflow.nodes.map((node: any) => node.name))
    const trigger = workflow.nodes.find((node: any) => node.type.endsWith('chatTrigger'))
    const model = workflow.nodes.find((node: any) => node.type.endsWith('lmChatOpenAi'))
    assert.deepEqual(workflow.connections[trigger.name].main[0][0], {
      node: agent.name,
      type: 'main',
      index: 0,
    })
    assert.deepEqual(workflow.connections[model.name].ai_languageModel[0][0], {
      node: agent.name,
      type: 'ai_languageModel',
      index: 0,
    })
    assert.deepEqual(workflow.connections[mcp.name].ai_tool[0][0], {
      node: agent.name,
      type: 'ai_tool',
      index: 0,
    })
    for (const source of Object.keys(workflow.connections)) assert.isTrue(names.has(source), source)
  })

  test('every copy has its own workflow id, node ids and chat webhook id', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const first = (await client.get('/api/automation/n8n-workflow').loginAs(user)).body()
    const second = (await client.get('/api/automation/n8n-workflow').loginAs(user)).body()
    const webhookOf = (workflow: any) =>
      workflow.nodes.find((node: any) => node.type.endsWith('chatTrigger')).webhookId

    // `n8n import:workflow --input` needs a top-level id; n8n's own are 16 of [0-9A-Za-z].
    assert.match(first.id, /^[0-9A-Za-z]{16}$/)
    assert.notEqual(first.id, second.id)
    assert.match(
      webhookOf(first),
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
    )
    assert.notEqual(webhookOf(first), webhookOf(second))
    assert.notEqual(webhookOf(first), 'adrelay-meta-ads-chat')
    const nodeIds = [...first.nodes, ...second.nodes].map((node: any) => node.id)
    assert.equal(new Set(nodeIds).size, nodeIds.length)
  })

  test("nodes are at n8n 2.41's versions with the parameters those versions define", async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const workflow = (await client.get('/api/automation/n8n-workflow').loginAs(user)).body()
    const node = (suffix: string) => workflow.nodes.find((each: any) => each.type.endsWith(suffix))

    const trigger = node('.chatTrigger')
    assert.equal(trigger.typeVersion, 1.5)
    assert.deepEqual(trigger.parameters, { public: false, options: {} })

    const agent = node('.agent')
    assert.equal(agent.typeVersion, 3.1)
    assert.equal(agent.parameters.promptType, 'auto')
    assert.isString(agent.parameters.options.systemMessage)

    const model = node('.lmChatOpenAi')
    assert.equal(model.typeVersion, 1.3)
    assert.deepInclude(model.parameters.model, { __rl: true, mode: 'list' })
    assert.isTrue(model.parameters.responsesApiEnabled)

    const mcp = node('.mcpClientTool')
    assert.equal(mcp.typeVersion, 1.4)
    assert.deepEqual(mcp.parameters, {
      endpointUrl: new URL('/mcp', appUrl).toString(),
      serverTransport: 'httpStreamable',
      authentication: 'bearerAuth',
      include: 'all',
      options: {},
    })
    assert.property(mcp.credentials, 'httpBearerAuth')
  })

  test('the Automation page carries the same template as copyable text', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const response = await client
      .get('/dashboard')
      .header('X-Inertia', 'true')
      .header('X-Inertia-Version', await inertiaVersion())
      .loginAs(user)
    response.assertStatus(200)
    const props = response.body().props
    assert.equal(props.mcpEndpoint, new URL('/mcp', appUrl).toString())
    // Same template, a copy of its own (ids differ by design).
    const withoutIds = (workflow: any) => ({
      ...workflow,
      id: null,
      nodes: workflow.nodes.map(({ id, webhookId, ...rest }: any) => rest),
    })
    const template = JSON.parse(props.n8nWorkflow)
    const api = await client.get('/api/automation/n8n-workflow').loginAs(user)
    assert.deepEqual(withoutIds(template), withoutIds(api.body()))
  })
})
