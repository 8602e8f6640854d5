/**
 * The copyable n8n workflow and MCP client configurations shown on the Automation page.
 * Generated here only, from the server's public URL, so the page and the tests read the same
 * thing.
 *
 * n8n facts (n8n-io/n8n packages/@n8n/nodes-langchain/nodes/mcp/McpClientTool; docs.n8n.io):
 * node type `@n8n/n8n-nodes-langchain.mcpClientTool`, typeVersion 1.1+ has `endpointUrl` and
 * `serverTransport` (`sse` by default, so ours must say `httpStreamable`); bearer auth is
 * `authentication: "bearerAuth"` with an `httpBearerAuth` credential; the tool connects to the
 * agent as `ai_tool`, the chat model as `ai_languageModel`; `connections` is keyed by node name.
 */

/** The MCP endpoint URL for a public app URL (`https://app.example` → `https://app.example/mcp`). */
export function mcpEndpointUrl(appUrl: string): string {
  return new URL('/mcp', appUrl).toString()
}

export const N8N_AGENT_SYSTEM_MESSAGE = [
  'You are a Meta ads analyst working through the Adrelay MCP tools.',
  'Start by calling get_meta_connection and list_ad_accounts; never guess ids.',
  'Use get_insights to compare spend, results, CPA and ROAS before recommending anything.',
  'Money is in minor units of the account currency (1500 = 15.00); convert before answering.',
  'Changes (status, budgets, spend caps) are previews unless you pass confirm: true: show the preview and ask the user before confirming.',
  'Answer concisely with the figures you used.',
].join(' ')

/** An importable n8n workflow: chat trigger → AI agent with a chat model and the Adrelay MCP tool. */
export function buildN8nWorkflow(appUrl: string) {
  const names = {
    trigger: 'When chat message received',
    agent: 'Meta Ads Analyst',
    model: 'OpenAI Chat Model',
    mcp: 'Adrelay MCP',
  }
  return {
    name: 'Adrelay Meta Ads Analyst',
    nodes: [
      {
        parameters: { options: {} },
        id: 'b3f1d2a0-0001-4c8e-9a01-000000000001',
        name: names.trigger,
        type: '@n8n/n8n-nodes-langchain.chatTrigger',
        typeVersion: 1.1,
        position: [0, 0],
        webhookId: 'adrelay-meta-ads-chat',
      },
      {
        parameters: { options: { systemMessage: N8N_AGENT_SYSTEM_MESSAGE } },
        id: 'b3f1d2a0-0002-4c8e-9a01-000000000002',
        name: names.agent,
        type: '@n8n/n8n-nodes-langchain.agent',
        typeVersion: 1.9,
        position: [260, 0],
      },
      {
        parameters: {
          model: { __rl: true, mode: 'list', value: 'gpt-4o-mini' },
          options: {},
        },
        id: 'b3f1d2a0-0003-4c8e-9a01-000000000003',
        name: names.model,
        type: '@n8n/n8n-nodes-langchain.lmChatOpenAi',
        typeVersion: 1.2,
        position: [180, 240],
      },
      {
        parameters: {
          endpointUrl: mcpEndpointUrl(appUrl),
          serverTransport: 'httpStreamable',
          authentication: 'bearerAuth',
          include: 'all',
          options: {},
        },
        id: 'b3f1d2a0-0004-4c8e-9a01-000000000004',
        name: names.mcp,
        type: '@n8n/n8n-nodes-langchain.mcpClientTool',
        typeVersion: 1.1,
        position: [420, 240],
        credentials: { httpBearerAuth: { id: '', name: 'Adrelay API key' } },
      },
    ],
    connections: {
      [names.trigger]: { main: [[{ node: names.agent, type: 'main', index: 0 }]] },
      [names.model]: {
        ai_languageModel: [[{ node: names.agent, type: 'ai_languageModel', index: 0 }]],
      },
      [names.mcp]: { ai_tool: [[{ node: names.agent, type: 'ai_tool', index: 0 }]] },
    },
    pinData: {},
    settings: { executionOrder: 'v1' },
  }
}

/** Placeholder shown in configuration snippets instead of a key (keys are shown once only). */
export const API_KEY_PLACEHOLDER = 'YOUR_ADRELAY_API_KEY'

/**
 * Configuration snippets for MCP hosts, each as copyable text:
 * - Claude Code: `claude mcp add --transport http` (docs.claude.com, Claude Code MCP);
 * - Claude Desktop: `mcp-remote` bridge in claude_desktop_config.json (Desktop speaks stdio
 *   in its config file; remote servers go through the bridge or Settings → Connectors);
 * - Cursor: `.cursor/mcp.json` with `url` and `headers` (docs.cursor.com, MCP).
 */
export function buildClientConfigs(appUrl: string) {
  const url = mcpEndpointUrl(appUrl)
  return [
    {
      id: 'claude-code',
      label: 'Claude Code',
      language: 'shell',
      text: `claude mcp add --transport http adrelay ${url} --header "Authorization: Bearer ${API_KEY_PLACEHOLDER}"`,
    },
    {
      id: 'claude-desktop',
      label: 'Claude Desktop',
      language: 'json',
      text: JSON.stringify(
        {
          mcpServers: {
            adrelay: {
              command: 'npx',
              args: ['-y', 'mcp-remote', url, '--header', 'Authorization:${ADRELAY_AUTH}'],
              env: { ADRELAY_AUTH: `Bearer ${API_KEY_PLACEHOLDER}` },
            },
          },
        },
        null,
        2
      ),
    },
    {
      id: 'cursor',
      label: 'Cursor',
      language: 'json',
      text: JSON.stringify(
        {
          mcpServers: {
            adrelay: { url, headers: { Authorization: `Bearer ${API_KEY_PLACEHOLDER}` } },
          },
        },
        null,
        2
      ),
    },
  ]
}

/** External MCP documentation linked from the page. */
export const MCP_DOCS_URL = 'https://modelcontextprotocol.io/docs/getting-started/intro'
