import { inject } from '@adonisjs/core'
import logger from '@adonisjs/core/services/logger'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv'
import { CallToolRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { AppError } from '#shared/errors'
import { Metering } from '#usage/services/metering'
import type { VerifiedApiKey } from '#keys/services/api_key_verifier'
import { ActionRegistry } from '#automation/registry/action_registry'
import type { ActionCaller } from '#automation/registry/define_action'
import { MCP_SERVER_INSTRUCTIONS } from '#automation/mcp/instructions'

/** The SDK builds an Ajv instance per server unless given one (only used for elicitation). */
const sharedJsonSchemaValidator = new AjvJsonSchemaValidator()

/** Name and version announced in `initialize` (serverInfo). */
export const MCP_SERVER_INFO = { name: 'adrelay', title: 'Adrelay Meta Ads', version: '1.0.0' }

/**
 * Builds the MCP server for one HTTP request (stateless Streamable HTTP: the SDK needs a
 * fresh server + transport per request, see ARCHITECTURE notes). Tools come from the action
 * registry with their title, description, input/output schema and annotations.
 *
 * `tools/call` is answered by the registry rather than the SDK's own dispatcher so that plan
 * gates, input validation (`validation_failed` naming the field) and the quota live in one
 * place for every surface. Each call:
 * - counts one request against the key owner's monthly quota (`quota_exceeded` when over);
 * - is logged as a recent call with method `MCP` and endpoint `tools/call <name>`;
 * - returns `structuredContent` (the action's output) plus the same data as readable text;
 * - turns an `AppError` into a tool error (`isError: true`) whose text starts with the code.
 * initialize, tools/list and notifications are authenticated by the route but not counted.
 */
@inject()
export class McpServerFactory {
  constructor(
    private registry: ActionRegistry,
    private metering: Metering
  ) {}

  /** A server bound to the key that authenticated this request. */
  create(key: VerifiedApiKey): McpServer {
    const server = new McpServer(MCP_SERVER_INFO, {
      instructions: MCP_SERVER_INSTRUCTIONS,
      jsonSchemaValidator: sharedJsonSchemaValidator,
    })
    for (const { declaration } of this.registry.list()) {
      server.registerTool(
        declaration.name,
        {
          title: declaration.title,
          description: declaration.description,
          inputSchema: declaration.input,
          outputSchema: declaration.output as any,
          annotations: { title: declaration.title, ...declaration.annotations },
        },
        // Never reached: tools/call is routed through `#callTool` below.
        (async () => ({ content: [] })) as any
      )
    }

    server.server.removeRequestHandler('tools/call')
    server.server.setRequestHandler(CallToolRequestSchema, (request) =>
      this.callTool(key, request.params.name, request.params.arguments)
    )
    return server
  }

  /**
   * Runs one `tools/call` for the key's owner: quota, registry, call log; expected failures
   * become tool errors. Used by the SDK server above and by the controller's direct path.
   */
  callTool(key: VerifiedApiKey, name: string, args: unknown): Promise<CallToolResult> {
    const caller: ActionCaller = { userId: key.userId, planId: key.planId, tokenId: key.tokenId }
    return this.#callTool(key, caller, name, args)
  }

  async #callTool(
    key: VerifiedApiKey,
    caller: ActionCaller,
    name: string,
    args: unknown
  ): Promise<CallToolResult> {
    const startedAt = process.hrtime.bigint()
    let statusCode = 200
    try {
      const quota = await this.metering.consume(key)
      const output = await this.registry.invoke(name, { ...caller, quota }, args ?? {})
      return toolResult(output)
    } catch (error) {
      if (error instanceof AppError) {
        statusCode = error.status
        return toolError(error)
      }
      statusCode = 500
      logger.error({ err: error, tool: name }, 'MCP tool call failed')
      return toolError(
        new AppError('internal_error', 'Something went wrong on our side. Try again later.', 500)
      )
    } finally {
      this.metering.record({
        userId: key.userId,
        tokenId: key.tokenId,
        method: 'MCP',
        endpoint: `tools/call ${name}`,
        statusCode,
        responseTimeMs: Number(process.hrtime.bigint() - startedAt) / 1e6,
        createdAt: new Date(),
      })
    }
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
