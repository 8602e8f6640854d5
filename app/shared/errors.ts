import { errors as vineErrors } from '@vinejs/vine'

/**
 * Expected failures carry a stable snake_case `code` and an HTTP status. Use cases throw
 * (or return) them; one place (app/exceptions/handler.ts) turns them into
 * `{ "error": { "code", "message", ...details } }`, and the MCP adapter into tool errors.
 */
export class AppError extends Error {
  constructor(
    /** Stable machine-readable code, e.g. `quota_exceeded`. */
    readonly code: string,
    message: string,
    /** HTTP status used by the REST adapter. */
    readonly status: number = 400,
    /** Extra fields merged into the error body (limit, used, resetsAt, field...). */
    readonly details: Record<string, unknown> = {},
    /** Extra response headers (Retry-After, WWW-Authenticate...). */
    readonly headers: Record<string, string> = {}
  ) {
    super(message)
    this.name = 'AppError'
  }

  /** The JSON body every surface returns for this error. */
  toJSON() {
    return { error: { code: this.code, message: this.message, ...this.details } }
  }
}

/**
 * The HTTP status a JSON surface answers for `error`, as app/exceptions/handler.ts renders it:
 * an `AppError`'s status, 422 for validation errors, the framework error's `status`, else 500.
 */
export function httpStatusOf(error: unknown): number {
  if (error instanceof AppError) return error.status
  if (error instanceof vineErrors.E_VALIDATION_ERROR) return 422
  return Number((error as { status?: unknown } | null)?.status) || 500
}

export const errors = {
  unauthorized: () => new AppError('unauthorized', 'Unauthorized', 401),
  forbidden: (message = 'You do not have access to this resource.') =>
    new AppError('forbidden', message, 403),
  notFound: (what = 'Resource') => new AppError('not_found', `${what} not found.`, 404),
  validation: (message: string, details: Record<string, unknown> = {}) =>
    new AppError('validation_failed', message, 422, details),
}
