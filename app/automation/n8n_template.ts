import { randomInt, randomUUID } from 'node:crypto'

/**
 * The copyable n8n workflow and MCP client configurations shown on the Automation page.
 * Generated here only, from the server's public URL, so the page and the tests read the same
 * thing.
 *
 * n8n facts, read from the node sources of n8n 2.41.1 (`@n8n/n8n-nodes-langchain` 2.41.1,
 * `n8n` 2.41.1; n8n-io/n8n packages/@n8n/nodes-langchain/nodes/...):
 * - Chat Trigger `@n8n/n8n-nodes-langchain.chatTrigger` 1.5 (its default version): `public`
 *   false = chat from the editor; its webhook path is `<webhookId>/chat`, so every copy needs a
 *   webhookId of its own (a fixed one makes the second published copy's webhook collide).
 * - AI Agent `@n8n/n8n-nodes-langchain.agent` 3.1: `promptType: 'auto'` takes `chatInput` from
 *   the connected chat trigger; `options.systemMessage`.
 * - OpenAI Chat Model `@n8n/n8n-nodes-langchain.lmChatOpenAi` 1.3: `model` is a resource
 *   locator (`{__rl, mode: 'list', value}`, default `gpt-5-mini`), `responsesApiEnabled`
 *   (default true), `builtInTools`, `options`.
 * - MCP Client Tool `@n8n/n8n-nodes-langchain.mcpClientTool` 1.4 (default version):
 *   `endpointUrl`, `serverTransport` (`httpStreamable`, the default from 1.2), `authentication:
 *   'bearerAuth'` with an `httpBearerAuth` credential, `include: 'all'`, `options`.
 * - The tool connects to the agent as `ai_tool`, the chat model as `ai_languageModel`;
 *   `connections` is keyed by node name.
 * - `n8n import:workflow --input <file>` keeps the file's top-level `id` (it generates one only
 *   with `--separate`) and refuses a workflow without one; an id that already exists replaces
 *   that workflow, so each copy gets a fresh one. Ids are 16 characters of [0-9A-Za-z], like
 *   the ones n8n generates (`generateNanoId`).
 */

const N8N_ID_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

/** A workflow id shaped like n8n's own (16 characters of [0-9A-Za-z]). */
function n8nWorkflowId(): string {
  let id = ''
  for (let index = 0; index < 16; index++) id += N8N_ID_ALPHABET[randomInt(N8N_ID_ALPHABET.length)]
  return id
}

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

/**
 * An importable n8n workflow: chat trigger → AI agent with a chat model and the Adrelay MCP
 * tool. Every call renders a new copy: fresh workflow id, node ids and chat webhook id, so two
 * copies imported into one n8n never collide (see the n8n facts above). The Automation page
 * renders it once per load and gives each Copy fresh ids of its own
 * (inertia/lib/n8n_workflow.ts).
 */
export function buildN8nWorkflow(appUrl: string) {
  const names = {
    trigger: 'When chat message received',
    agent: 'Meta Ads Analyst',
    model: 'OpenAI Chat Model',
    mcp: 'Adrelay MCP',
  }
  return {
    id: n8nWorkflowId(),
    name: 'Adrelay Meta Ads Analyst',
    active: false,
    nodes: [
      {
        parameters: { public: false, options: {} },
        id: randomUUID(),
        name: names.trigger,
        type: '@n8n/n8n-nodes-langchain.chatTrigger',
        typeVersion: 1.5,
        position: [0, 0],
        webhookId: randomUUID(),
      },
      {
        parameters: {
          promptType: 'auto',
          options: { systemMessage: N8N_AGENT_SYSTEM_MESSAGE },
        },
        id: randomUUID(),
        name: names.agent,
        type: '@n8n/n8n-nodes-langchain.agent',
        typeVersion: 3.1,
        position: [260, 0],
      },
      {
        parameters: {
          model: { __rl: true, mode: 'list', value: 'gpt-5-mini', cachedResultName: 'gpt-5-mini' },
          responsesApiEnabled: true,
          builtInTools: {},
          options: {},
        },
        id: randomUUID(),
        name: names.model,
        type: '@n8n/n8n-nodes-langchain.lmChatOpenAi',
        typeVersion: 1.3,
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
        id: randomUUID(),
        name: names.mcp,
        type: '@n8n/n8n-nodes-langchain.mcpClientTool',
        typeVersion: 1.4,
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
