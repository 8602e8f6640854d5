import type { z } from 'zod'
import type { PlanFeature, PlanId } from '#accounts/plan_catalog'
import type { QuotaState } from '#usage/services/metering'
import type { CallSurface } from '#registry/call_surface'

/**
 * Who is calling a published action: resolved from the API key (REST, MCP) or the session.
 */
export interface ActionCaller {
  userId: number
  planId: PlanId
  /** Id of the API key or CLI token the call came with; null from the web session */
  tokenId: number | null
  /**
   * The monthly quota after this request was counted, when the call came through a metered
   * surface (REST, MCP). Absent for session calls, which are not metered.
   */
  quota?: QuotaState
  /**
   * Where the call came from (web session, REST, MCP, the CLI): answers word their next step
   * for it (how to confirm a preview, how to force a refused budget). Absent: `rest`.
   */
  surface?: CallSurface
}

/**
 * MCP tool annotations (MCP spec 2025-06-18, server/tools: ToolAnnotations).
 * They are hints for clients, never a security boundary.
 */
export interface ActionAnnotations {
  /** The action does not modify anything. */
  readOnlyHint: boolean
  /** A write may destroy or overwrite data (only meaningful when not read-only). */
  destructiveHint: boolean
  /** Calling it twice with the same input has no further effect. */
  idempotentHint: boolean
  /** The action talks to an outside system (Meta). */
  openWorldHint: boolean
}

/**
 * One published action: the single declaration from which the MCP tool, the REST route
 * (`GET|POST /api/v1/<module>/<name>`) and the OpenAPI operation are generated.
 *
 * - `name`: snake_case, verb first (`list_campaigns`), unique across modules
 * - `description`: a paragraph written for an AI agent (what, when, what comes back)
 * - `input`: zod object whose every field has `.describe(...)`
 * - `inputExample`: one realistic input, as a client sends it (typed as the schema's input, so
 *   defaults may be left out). The registry refuses to build when it does not pass `input`;
 *   the OpenAPI document (request body and query parameters) and the MCP tool list (the input
 *   schema's JSON Schema `examples`) publish it. Ids name objects of the test Meta sandbox
 *   (tests/stand_ins/meta_sandbox), so the example is also a call that works there.
 * - `output`: zod schema of the result (MCP `outputSchema`, OpenAPI response)
 * - `feature`: plan feature required; the registry answers `plan_upgrade_required` without it
 * - `restAliases`: older URLs that serve the action too (`/api/v1/me` for `get_account`), with
 *   the same method, metering and handler, documented in OpenAPI as `<name>_short_url`
 * - `handler`: the use case; throws `AppError` for expected failures
 */
export interface ActionDeclaration<
  Input extends z.ZodObject<any> = z.ZodObject<any>,
  Output extends z.ZodType = z.ZodType,
> {
  module: string
  name: string
  title: string
  description: string
  input: Input
  inputExample: z.input<Input>
  output: Output
  annotations: ActionAnnotations
  feature?: PlanFeature
  restAliases?: readonly string[]
  handler: (caller: ActionCaller, input: z.infer<Input>) => Promise<z.infer<Output>>
}

/** Identity helper that keeps the declaration's types (input inference for the handler). */
export function defineAction<Input extends z.ZodObject<any>, Output extends z.ZodType>(
  declaration: ActionDeclaration<Input, Output>
): ActionDeclaration<Input, Output> {
  return declaration
}
