import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'

/** Base URL of the app started by the functional suite. */
export function baseUrl() {
  return `http://${process.env.HOST ?? '127.0.0.1'}:${process.env.PORT ?? 3333}`
}

/** A connected SDK client (Streamable HTTP) using `key` as bearer token. */
export async function connectMcp(key: string, headers: Record<string, string> = {}) {
  const transport = new StreamableHTTPClientTransport(new URL('/mcp', baseUrl()), {
    requestInit: { headers: { Authorization: `Bearer ${key}`, ...headers } },
  })
  const client = new Client({ name: 'adrelay-tests', version: '1.0.0' })
  await client.connect(transport)
  return client
}

/** Calls a tool and returns the result typed as a plain tool result. */
export async function callTool(client: Client, name: string, args: Record<string, unknown> = {}) {
  return (await client.callTool({ name, arguments: args })) as CallToolResult
}

/** The first text content of a tool result. */
export function textOf(result: CallToolResult): string {
  const first = result.content[0]
  return first && first.type === 'text' ? first.text : ''
}

/** Marks `userId`'s quota for this month as used up to `count`. */
export { setUsage as setMonthlyUsage } from '#tests/helpers/usage'

export { flushCallLog } from '#tests/helpers/usage'

/** A raw JSON-RPC POST to /mcp (for what the SDK client would not send). */
export async function postMcp(body: unknown, headers: Record<string, string> = {}) {
  return fetch(new URL('/mcp', baseUrl()), {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'Accept': 'application/json, text/event-stream',
      ...headers,
    },
    body: JSON.stringify(body),
  })
}
