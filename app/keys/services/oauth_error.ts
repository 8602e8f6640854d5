/**
 * An OAuth 2.0 token-endpoint error (RFC 6749 §5.2, RFC 8628 §3.5): rendered as
 * `{"error": code, "error_description": description}` with `Cache-Control: no-store`, not as
 * Adrelay's `{"error": {"code", "message"}}`, because OAuth clients parse this shape.
 * Status 400, or 401 for `invalid_client` (RFC 6749 §5.2).
 */
export class OAuthError extends Error {
  constructor(
    /** `invalid_request`, `invalid_client`, `invalid_grant`, `unsupported_grant_type`,
     * `authorization_pending`, `slow_down`, `access_denied`, `expired_token` */
    readonly code: string,
    readonly description: string,
    readonly status: number = 400,
    /** Extra members of the body (`interval` with `slow_down`). */
    readonly extra: Record<string, unknown> = {}
  ) {
    super(description)
    this.name = 'OAuthError'
  }

  toJSON() {
    return { error: this.code, error_description: this.description, ...this.extra }
  }
}
