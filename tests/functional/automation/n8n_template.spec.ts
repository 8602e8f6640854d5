import { test } from '@japa/runner'
import { createUser } from '#tests/helpers/factories'
import { appUrl } from '#config/app'

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
    assert.isAtLeast(mcp.typeVersion, 1.1)
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

  test('the Automation page carries the same template as copyable text', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const response = await client
      .get('/dashboard')
      .header('X-Inertia', 'true')
      .header('X-Inertia-Version', '1')
      .loginAs(user)
    response.assertStatus(200)
    const props = response.body().props
    assert.equal(props.mcpEndpoint, new URL('/mcp', appUrl).toString())
    const template = JSON.parse(props.n8nWorkflow)
    const api = await client.get('/api/automation/n8n-workflow').loginAs(user)
    assert.deepEqual(template, api.body())
  })
})
