import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js'
import { AppError } from '#shared/errors'
import { appUrl } from '#config/app'
import env from '#start/env'

/**
 * Origins allowed to call /mcp from a browser: the app's own origin (APP_URL) plus the
 * comma-separated `MCP_ALLOWED_ORIGINS`. The own origin comes from configuration, never from
 * the request's Host header: a DNS-rebinding page controls both Host and Origin.
 */
export function allowedMcpOrigins(): Set<string> {
  const origins = new Set<string>([new URL(appUrl).origin])
  for (const entry of (env.get('MCP_ALLOWED_ORIGINS') ?? '').split(',')) {
    const trimmed = entry.trim()
    if (!trimmed) continue
    try {
      origins.add(new URL(trimmed).origin)
    } catch {
      // A malformed entry allows nothing.
    }
  }
  return origins
}

/**
 * Route middleware for /mcp, first in the chain. MCP spec (basic/transports, "Security
 * Warning"): servers MUST validate the Origin header to prevent DNS rebinding; an invalid one
 * gets 403. Requests without Origin (n8n, CLI clients, server-to-server) pass.
 * @throws AppError 403 `origin_not_allowed`
 */
export async function mcpOriginGuard(ctx: HttpContext, next: NextFn) {
  const origin = ctx.request.header('origin')
  if (origin !== undefined && !allowedMcpOrigins().has(origin)) {
    throw new AppError(
      'origin_not_allowed',
      `Origin ${origin} may not call this MCP server. Add it to MCP_ALLOWED_ORIGINS.`,
      403
    )
  }
  return next()
}

/**
 * Route middleware for /mcp, after authentication. MCP spec (basic/transports, "Protocol
 * Version Header"): an invalid or unsupported `MCP-Protocol-Version` answers 400. A missing
 * header is accepted (the spec tells servers to assume 2025-03-26).
 * @throws AppError 400 `unsupported_protocol_version` with the `supported` list
 */
export async function mcpProtocolVersionGuard(ctx: HttpContext, next: NextFn) {
  const version = ctx.request.header('mcp-protocol-version')
  if (version !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
    throw new AppError(
      'unsupported_protocol_version',
      `MCP protocol version ${version} is not supported. Supported: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')}.`,
      400,
      { supported: SUPPORTED_PROTOCOL_VERSIONS }
    )
  }
  return next()
}
