import { describe, expect, it } from 'vitest'
import { freshN8nWorkflowCopy } from '~/lib/n8n_workflow'

/** The template as the page receives it (the shape app/automation/n8n_template.ts renders). */
const TEMPLATE = JSON.stringify(
  {
    id: 'AAAAAAAAAAAAAAAA',
    name: 'Adrelay Meta Ads Analyst',
    nodes: [
      {
        parameters: { public: false, options: {} },
        id: '00000000-0000-4000-8000-000000000001',
        name: 'When chat message received',
        type: '@n8n/n8n-nodes-langchain.chatTrigger',
        webhookId: '00000000-0000-4000-8000-00000000000a',
      },
      {
        parameters: { endpointUrl: 'https://app.example/mcp' },
        id: '00000000-0000-4000-8000-000000000002',
        name: 'Adrelay MCP',
        type: '@n8n/n8n-nodes-langchain.mcpClientTool',
      },
    ],
    connections: { 'When chat message received': { main: [[{ node: 'x' }]] } },
  },
  null,
  2
)
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe('freshN8nWorkflowCopy', () => {
  it('gives two copies of one page load their own chat webhook, node and workflow ids', () => {
    const first = JSON.parse(freshN8nWorkflowCopy(TEMPLATE))
    const second = JSON.parse(freshN8nWorkflowCopy(TEMPLATE))
    const original = JSON.parse(TEMPLATE)

    const webhooks = [first, second, original].map((copy) => copy.nodes[0].webhookId)
    expect(new Set(webhooks).size).toBe(3)
    expect(first.nodes[0].webhookId).toMatch(UUID_V4)
    expect(second.nodes[0].webhookId).toMatch(UUID_V4)

    const nodeIds = [...first.nodes, ...second.nodes, ...original.nodes].map((node) => node.id)
    expect(new Set(nodeIds).size).toBe(6)
    for (const id of nodeIds) expect(id).toMatch(UUID_V4)

    expect(first.id).toMatch(/^[0-9A-Za-z]{16}$/)
    expect(new Set([first.id, second.id, original.id]).size).toBe(3)
  })

  it('changes nothing but the ids, and adds no webhook id to nodes without one', () => {
    const copy = JSON.parse(freshN8nWorkflowCopy(TEMPLATE))
    const withoutIds = (workflow: any) => ({
      ...workflow,
      id: null,
      nodes: workflow.nodes.map(({ id, webhookId, ...rest }: any) => rest),
    })
    expect(withoutIds(copy)).toEqual(withoutIds(JSON.parse(TEMPLATE)))
    expect(copy.nodes[1]).not.toHaveProperty('webhookId')
  })
})
