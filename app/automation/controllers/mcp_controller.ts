import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { McpServerFactory } from '#automation/mcp/mcp_server_factory'

/**
 * `/mcp`: the MCP Streamable HTTP endpoint (MCP spec 2025-06-18, basic/transports).
 *
 * Stateless: no `Mcp-Session-Id`; every POST gets a fresh server and transport bound to the
 * API key that authenticated it (the route checks Origin, the key and MCP-Protocol-Version on
 * every request). Responses are plain JSON (`enableJsonResponse`), since a stateless server
 * never sends requests or notifications of its own. For the same reason GET (a server-to-
 * client SSE stream) and DELETE (end a session) answer 405, which the spec allows.
 */
@inject()
export default class McpController {
  constructor(private factory: McpServerFactory) {}

  /** POST /mcp: one JSON-RPC message or batch. */
  async handle(ctx: HttpContext) {
    if (this.#isPlainToolCall(ctx)) return this.#answerToolCall(ctx)
    const server = this.factory.create(ctx.apiKey!)
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    })
    const res = ctx.response.response
    // Only a client that hangs up mid-call leaves anything open. Closing after every normal
    // response would cost a ConnectionClosed error object per request for nothing.
    res.once('close', () => {
      if (!res.writableFinished) void server.close()
    })
    await server.connect(transport)
    // The SDK writes the response on the raw Node objects; Adonis sees `headersSent` and
    // writes nothing more (Response#finish is a no-op once the response is not pending).
    await transport.handleRequest(ctx.request.request, res, ctx.request.body())
    if (!res.writableEnded) {
      await new Promise<void>((resolve) => {
        res.once('finish', resolve)
        res.once('close', resolve)
      })
    }
  }

  /**
   * A single, well-formed `tools/call` request from a client that accepts JSON, which is what
   * agents send over and over. It needs none of the SDK's per-request server and transport
   * (their only job here would be to route to `callTool`), so it is answered directly with the
   * same JSON-RPC response the stateless JSON transport writes. Anything else (initialize,
   * tools/list, batches, notifications, malformed messages, unknown tools) goes through the
   * SDK, which answers the protocol errors.
   */
  #isPlainToolCall(ctx: HttpContext) {
    const accept = ctx.request.header('accept') ?? ''
    if (!accept.includes('application/json') || !accept.includes('text/event-stream')) return false
    if (!(ctx.request.header('content-type') ?? '').includes('application/json')) return false
    const body = ctx.request.body() as Record<string, unknown>
    if (Array.isArray(body) || body?.jsonrpc !== '2.0' || body.method !== 'tools/call') return false
    if (typeof body.id !== 'string' && typeof body.id !== 'number') return false
    const parsed = CallToolRequestSchema.safeParse(body)
    return parsed.success && this.factory.hasTool(parsed.data.params.name)
  }

  async #answerToolCall(ctx: HttpContext) {
    const body = ctx.request.body() as {
      id: string | number
      params: { name: string; arguments?: unknown }
    }
    const result = await this.factory.callTool(ctx.apiKey!, body.params.name, body.params.arguments)
    return ctx.response
      .header('content-type', 'application/json')
      .status(200)
      .send({ jsonrpc: '2.0', id: body.id, result })
  }

  /** GET and DELETE /mcp: no SSE stream and no sessions in stateless mode. */
  async methodNotAllowed({ response }: HttpContext) {
    response.header('Allow', 'POST')
    return response.status(405).send({
      error: {
        code: 'method_not_allowed',
        message: 'This MCP server is stateless: send JSON-RPC messages with POST /mcp.',
      },
    })
  }
}
