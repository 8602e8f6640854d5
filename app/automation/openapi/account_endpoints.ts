import { z } from 'zod'
import type { DocumentedEndpoint } from '#shared/documented_endpoint'
import { cliEndpoints } from '#keys/http/cli_endpoints'
import { usageReportEndpoint } from '#usage/http/usage_report_endpoint'
import { embedEndpoints } from '#embeds/http/embed_endpoints'

const mcpClientsEndpoint: DocumentedEndpoint = {
  method: 'GET',
  path: '/api/v1/automation/mcp-clients',
  operationId: 'get_mcp_client_configs',
  summary: 'MCP client configurations',
  description:
    'Copy-paste configurations for Claude Code, Claude Desktop, Cursor and an n8n workflow, ' +
    'with the API key left as a placeholder (`adrelay mcp config`). Public.',
  tag: 'account',
  credential: 'none',
  success: {
    status: 200,
    description: 'The snippets',
    schema: z.object({
      mcpEndpoint: z.string().describe('URL of the MCP endpoint'),
      apiKeyPlaceholder: z.string().describe('Text standing for the API key in the snippets'),
      clients: z.array(
        z.object({
          id: z.string().describe('claude-code, claude-desktop, cursor or n8n'),
          label: z.string().describe('Client name'),
          language: z.string().describe('shell or json'),
          text: z.string().describe('The snippet'),
        })
      ),
    }),
  },
}

/**
 * REST endpoints that are not published actions, rendered into the OpenAPI document beside
 * the generated operations: the CLI's account endpoints (sign-in session, keys, usage
 * report) and the MCP client snippets. Each module describes its own.
 */
export const accountEndpoints: readonly DocumentedEndpoint[] = [
  ...cliEndpoints,
  usageReportEndpoint,
  mcpClientsEndpoint,
  ...embedEndpoints,
]
