import { type Command, Option } from 'commander'
import type { Context, RunWith } from '../context.js'

/** `GET /api/v1/automation/mcp-clients`: the Automation page's snippets, from the server. */
interface McpClients {
  mcpEndpoint: string
  apiKeyPlaceholder: string
  clients: Array<{ id: string; label: string; language: string; text: string }>
}

/** Which of the server's snippets each `--client` prints. */
const SNIPPETS: Record<string, string[]> = {
  claude: ['claude-code', 'claude-desktop'],
  cursor: ['cursor'],
  n8n: ['n8n'],
}

/** `mcp config --client claude|cursor|n8n [--key <key>]` */
export function mcpCommands(program: Command, run: RunWith) {
  const mcp = program.command('mcp').description('Set up MCP clients')
  mcp
    .command('config')
    .description('Print the configuration snippet for an MCP client')
    .addOption(
      new Option('--client <client>', 'MCP client')
        .choices(Object.keys(SNIPPETS))
        .makeOptionMandatory()
    )
    .option(
      '--key <apiKey>',
      'API key to put in the snippet (default ADRELAY_API_KEY, else a placeholder)'
    )
    .action(
      run(async (context: Context, options: { client: string; key?: string }) => {
        const { body } = await context
          .anonymousClient()
          .request<McpClients>('GET', '/api/v1/automation/mcp-clients', {
            auth: false,
            spinner: 'Loading…',
          })
        const key = options.key ?? process.env.ADRELAY_API_KEY
        const snippets = body.clients
          .filter((client) => SNIPPETS[options.client].includes(client.id))
          .map((client) => ({
            ...client,
            text: key ? client.text.split(body.apiKeyPlaceholder).join(key) : client.text,
          }))
        const { output } = context
        output.result({ client: options.client, mcpEndpoint: body.mcpEndpoint, snippets }, () => {
          for (const snippet of snippets) {
            if (snippets.length > 1) output.info(output.colors.bold(`# ${snippet.label}`))
            output.line(snippet.text)
            if (snippets.length > 1) output.line()
          }
          if (!key) {
            output.info(
              `Replace ${body.apiKeyPlaceholder} with an API key: \`adrelay keys create --name ${options.client}\` makes one (or pass --key).`
            )
          }
        })
      })
    )
}
