import { AppError } from '#shared/errors'

/**
 * Where a call to a published action comes from, so that what the answer tells the user to
 * do next is something they can do there: the web screens (session adapter), the REST API,
 * MCP, or the adrelay CLI (a REST caller that says so in its User-Agent, ADR 0029).
 */
export type CallSurface = 'web' | 'rest' | 'mcp' | 'cli'

/**
 * The CLI's User-Agent product token (RFC 9110 §10.1.5): cli/src/http.ts sends
 * `adrelay-cli/<version> node/<version>` on every request, with a CLI token or an API key.
 */
const CLI_USER_AGENT = /^adrelay-cli\//i

/** The surface of a REST call: `cli` when the User-Agent is the CLI's, else `rest`. */
export function restSurface(userAgent: string | null | undefined): 'rest' | 'cli' {
  return CLI_USER_AGENT.test(userAgent ?? '') ? 'cli' : 'rest'
}

/** How to apply a previewed write, per surface. */
export const CONFIRM_STEP: Record<CallSurface, string> = {
  web: 'Confirm to apply.',
  cli: 'Run the command again with --yes to apply.',
  rest: 'Call again with confirm: true to apply.',
  mcp: 'Call again with confirm: true to apply.',
}

/** How to retry a refusal that `force: true` overrides (a budget over 10 × the current one). */
export const FORCE_STEP: Record<CallSurface, string> = {
  web: 'If that is intended, press “Preview with more than 10× allowed”, check the new preview, then confirm.',
  cli: 'If that is intended, run the command again with --force.',
  rest: 'If that is intended, call again with force: true.',
  mcp: 'If that is intended, call again with force: true.',
}

/** Whether a write result still waits for its confirmation (something would change). */
function awaitsConfirmation(output: Record<string, unknown>): boolean {
  if (output.preview !== true || output.applied === true) return false
  const changes = output.changes
  if (!Array.isArray(changes)) return true
  return changes.some((change) => change?.before !== change?.after)
}

/**
 * `output` with the surface's next step: a preview that waits for confirmation gets the
 * sentence saying how to confirm on that surface appended to its `message` (actions word
 * their previews without it). Anything else is returned as it is.
 */
export function withSurfaceWording<T>(output: T, surface: CallSurface): T {
  if (!output || typeof output !== 'object' || Array.isArray(output)) return output
  const record = output as Record<string, unknown>
  if (typeof record.message !== 'string' || !awaitsConfirmation(record)) return output
  return { ...record, message: `${record.message} ${CONFIRM_STEP[surface]}` } as T
}

/**
 * An action's refusal with the surface's next step: an `AppError` whose details carry
 * `retryWith: {force: true}` (the input that would let it through) gets the sentence saying
 * how to do that on this surface appended to its message. Other errors are returned as they are.
 */
export function errorWithSurfaceWording(error: unknown, surface: CallSurface): unknown {
  if (!(error instanceof AppError)) return error
  const retryWith = error.details.retryWith as Record<string, unknown> | undefined
  if (retryWith?.force !== true) return error
  return new AppError(
    error.code,
    `${error.message} ${FORCE_STEP[surface]}`,
    error.status,
    error.details,
    error.headers
  )
}
