/**
 * Exit codes of `adrelay` (stable; scripts rely on them):
 * 0 ok · 1 error · 2 usage (bad flags, a prompt needed without a TTY) · 3 authentication
 * (not signed in, revoked or expired credential) · 4 quota exceeded · 5 not found.
 */
export const ExitCode = {
  ok: 0,
  error: 1,
  usage: 2,
  authentication: 3,
  quotaExceeded: 4,
  notFound: 5,
} as const

export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode]

/**
 * An expected failure: a stable snake_case `code` (the server's when it came from the server),
 * a message for people and the exit code it ends the process with.
 */
export class CliError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly exitCode: ExitCodeValue = ExitCode.error,
    /** Extra fields of the server's error body (limit, resetsAt, field...). */
    readonly details: Record<string, unknown> = {}
  ) {
    super(message)
    this.name = 'CliError'
  }

  /** The shape printed with `--json`: the server's `{error: {code, message, ...}}`. */
  toJSON() {
    return { error: { code: this.code, message: this.message, ...this.details } }
  }
}

/** The exit code for a server answer: its status first, then well-known codes. */
export function exitCodeForStatus(status: number, code?: string): ExitCodeValue {
  if (status === 401 || code === 'cli_token_required' || code === 'account_suspended') {
    return ExitCode.authentication
  }
  // The plan's monthly quota, or a key's own monthly limit (both 429).
  if (code === 'quota_exceeded' || code === 'key_quota_exceeded') return ExitCode.quotaExceeded
  if (status === 404) return ExitCode.notFound
  if (status === 422 || status === 400 || status === 405) return ExitCode.usage
  return ExitCode.error
}

/** `adrelay` without a usable credential. */
export function notSignedIn(profile: string): CliError {
  return new CliError(
    'not_signed_in',
    `You are not signed in${profile === 'default' ? '' : ` (profile "${profile}")`}. Run \`adrelay login\`, or set ADRELAY_TOKEN or ADRELAY_API_KEY.`,
    ExitCode.authentication
  )
}

/** Where a bearer token came from: stored by `adrelay login`, the environment, or stdin. */
export type TokenSource = 'ADRELAY_TOKEN' | 'ADRELAY_API_KEY' | 'keychain' | 'file' | 'stdin'

/**
 * What a 401 means to the person at the terminal, naming the credential they have (by its
 * prefix: `adrc_` a CLI token, `adr_` an API key) and where it came from, e.g. "Your CLI
 * sign-in is no longer valid (revoked or expired). Run `adrelay login` to sign in again."
 */
export function rejectedCredentialMessage(token: string, source: TokenSource): string {
  const kind = token.startsWith('adrc_')
    ? 'CLI token'
    : token.startsWith('adr_')
      ? 'API key'
      : 'token'
  switch (source) {
    case 'keychain':
    case 'file':
      return kind === 'CLI token'
        ? 'Your CLI sign-in is no longer valid (revoked or expired). Run `adrelay login` to sign in again.'
        : `The ${kind} stored for this profile is no longer valid (revoked or expired). Run \`adrelay login\` to sign in again.`
    case 'stdin':
      return `The ${kind} read from standard input is not valid (revoked, expired or mistyped).`
    default:
      return (
        `The ${kind} in ${source} is not valid (revoked, expired or mistyped). ` +
        `Set a current one, or unset ${source} to use your \`adrelay login\` sign-in.`
      )
  }
}
