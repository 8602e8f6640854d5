import { z } from 'zod'
import { inject } from '@adonisjs/core'
import logger from '@adonisjs/core/services/logger'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv'
import {
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolRequest,
  type CallToolResult,
  type ListToolsResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js'
import { AppError } from '#shared/errors'
import { MeterCall } from '#usage/actions/meter_call'
import type { VerifiedApiKey } from '#keys/services/api_key_verifier'
import { ActionRegistry } from '#registry/action_registry'
import { MCP_SERVER_INSTRUCTIONS } from '#automation/mcp/instructions'

/** The SDK builds an Ajv instance per server unless given one (only used for elicitation). */
const sharedJsonSchemaValidator = new AjvJsonSchemaValidator()

/** Name and version announced in `initialize` (serverInfo). */
export const MCP_SERVER_INFO = { name: 'adrelay', title: 'Adrelay Meta Ads', version: '1.0.0' }

/**
 * The request schema the `tools/call` handler is registered under: any params. The SDK parses
 * a request with the registration schema before anything else and answers a mismatch with
 * -32603 (Internal error); registered under this one, the request reaches the low-level
 * `Server`'s own tools/call check (`CallToolRequestSchema`), which answers malformed params,
 * such as `arguments` that are not an object, with -32602 (Invalid params) as JSON-RPC 2.0
 * defines it.
 */
const ToolsCallRequestSchema = z.object({
  method: z.literal('tools/call'),
  params: z.unknown().optional(),
})

/** The `tools/list` result of each registry, built once from its cached JSON Schemas. */
const toolLists = new WeakMap<ActionRegistry, ListToolsResult>()

/**
 * The MCP tool list of `registry` (MCP spec 2025-06-18, server/tools, `Tool`): name, title,
 * description, `inputSchema` and `outputSchema` and annotations of every published action.
 * The schemas are the registry's own JSON Schemas (converted from zod once, when the registry
 * was built), the very objects the OpenAPI document publishes: input schemas closed with
 * `additionalProperties: false`, since the registry refuses undeclared parameters.
 */
export function mcpToolList(registry: ActionRegistry): ListToolsResult {
  let list = toolLists.get(registry)
  if (!list) {
    list = {
      tools: registry.list().map(({ declaration, inputJsonSchema, outputJsonSchema }): Tool => ({
        name: declaration.name,
        title: declaration.title,
        description: declaration.description,
        inputSchema: inputJsonSchema as Tool['inputSchema'],
        outputSchema: outputJsonSchema as Tool['outputSchema'],
        annotations: { title: declaration.title, ...declaration.annotations },
      })),
    }
    toolLists.set(registry, list)
  }
  return list
}

/**
 * Builds the MCP server for one HTTP request (stateless Streamable HTTP: the SDK needs a
 * fresh server + transport per request, see ARCHITECTURE notes). It is the SDK's low-level
 * `Server` with two handlers over the action registry:
 *
 * - `tools/list` answers `mcpToolList` (built once per registry, not per request);
 * - `tools/call` runs `callTool`. The `Server` first checks the request against
 *   `CallToolRequestSchema`: `arguments` that are not an object answer JSON-RPC -32602
 *   (Invalid params), as does an unknown tool name (MCP spec 2025-06-18, server/tools,
 *   "Error Handling": unknown tools are protocol errors).
 *
 * initialize, tools/list, ping and notifications are authenticated by the route but not
 * counted against the quota.
 */
@inject()
export class McpServerFactory {
  constructor(
    private registry: ActionRegistry,
    private meterCall: MeterCall
  ) {}

  /** A server bound to the key that authenticated this request. */
  create(key: VerifiedApiKey): Server {
    const server = new Server(MCP_SERVER_INFO, {
      // The tool list is fixed for the life of the process: no list_changed notifications.
      capabilities: { tools: {} },
      instructions: MCP_SERVER_INSTRUCTIONS,
      jsonSchemaValidator: sharedJsonSchemaValidator,
    })
    server.setRequestHandler(ListToolsRequestSchema, () => mcpToolList(this.registry))
    server.setRequestHandler(ToolsCallRequestSchema, (request) => {
      // Checked against CallToolRequestSchema by the Server before it gets here.
      const { name, arguments: args } = (request as CallToolRequest).params
      if (!this.hasTool(name)) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}`)
      return this.callTool(key, name, args)
    })
    return server
  }

  /** Whether `name` is a published tool (an unknown one is a protocol error, not metered). */
  hasTool(name: string): boolean {
    return this.registry.find(name) !== undefined
  }

  /**
   * Runs one `tools/call` of a published tool for the key's owner through the usage
   * module's meter step (`MeterCall`: count, run the registry, record method `MCP`, endpoint
   * `tools/call <name>`, with the status the same call has over REST). Returns
   * `structuredContent` (the action's output) plus the same data as text; an `AppError`
   * (quota, plan gate, validation, the action's own) becomes a tool error whose text starts
   * with its code, anything else a logged `internal_error`. Used by the SDK server above and
   * by the controller's direct path.
   */
  callTool(key: VerifiedApiKey, name: string, args: unknown): Promise<CallToolResult> {
    return this.meterCall
      .execute({ credential: key, method: 'MCP', endpoint: `tools/call ${name}` }, (quota) =>
        this.registry.invoke(
          name,
          { userId: key.userId, planId: key.planId, tokenId: key.tokenId, quota, surface: 'mcp' },
          args ?? {}
        )
      )
      .then(toolResult, (error) => {
        if (error instanceof AppError) return toolError(error)
        logger.error({ err: error, tool: name }, 'MCP tool call failed')
        return toolError(
          new AppError('internal_error', 'Something went wrong on our side. Try again later.', 500)
        )
      })
  }
}

/** Success: the output as `structuredContent` (objects only, per MCP) and as JSON text. */
function toolResult(output: unknown): CallToolResult {
  const result: CallToolResult = {
    content: [{ type: 'text', text: JSON.stringify(output, null, 2) }],
  }
  if (output !== null && typeof output === 'object' && !Array.isArray(output)) {
    result.structuredContent = output as Record<string, unknown>
  }
  return result
}

/**
 * Expected failure as an MCP tool error (spec: server/tools, "Error Handling": errors the
 * model can act on are results with `isError: true`, not protocol errors). The first text is
 * `<code>: <message>`; the second the REST error body as JSON (details such as
 * `requiredPlan`, `field`, `resetsAt`).
 */
export function toolError(error: AppError): CallToolResult {
  return {
    isError: true,
    content: [
      { type: 'text', text: `${error.code}: ${error.message}` },
      { type: 'text', text: JSON.stringify(error.toJSON()) },
    ],
  }
}
