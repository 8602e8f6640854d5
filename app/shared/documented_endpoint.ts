import type { z } from 'zod'

/**
 * A REST endpoint that is not a published action (account endpoints of the CLI) but is still
 * described once, with zod: the controller validates its input with these schemas and the
 * OpenAPI document renders them (app/automation/openapi), so neither copy can drift.
 */
export interface DocumentedEndpoint {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE'
  /** OpenAPI path template, e.g. `/api/v1/keys/{id}` */
  path: string
  operationId: string
  summary: string
  description: string
  tag: string
  /**
   * Which bearer credential it accepts: `cli_token` only (403 `cli_token_required` for an API
   * key), `any` (API key or CLI token), or `none` (public).
   */
  credential: 'cli_token' | 'any' | 'none'
  params?: z.ZodObject<any>
  query?: z.ZodObject<any>
  body?: z.ZodObject<any>
  /**
   * A working input, published in the OpenAPI document: one value for each of `params`,
   * `query` and `body` the endpoint takes (checked against those schemas when the document
   * is built). Ids name objects a caller would have listed first.
   */
  example?: {
    params?: Record<string, unknown>
    query?: Record<string, unknown>
    body?: Record<string, unknown>
  }
  /** Success status and body schema (none for 204). */
  success: { status: 200 | 201 | 204; description: string; schema?: z.ZodType }
}
