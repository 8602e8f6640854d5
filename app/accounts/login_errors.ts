/**
 * Why a browser sign-in was refused, by the stable code the sign-in redirect carries
 * (`/?login_error=<code>`). The landing page shows the message (shared prop `loginError`);
 * only these codes are ever shown, so the query string cannot inject text.
 */
export const LOGIN_ERRORS = {
  account_suspended: 'Your account is suspended. Contact support if you think this is a mistake.',
  login_cancelled: 'Sign-in was cancelled.',
  invalid_state: 'Sign-in expired. Please try again.',
  login_failed: 'Google sign-in failed. Please try again.',
  email_unverified: 'Your Google email address is not verified.',
} as const

export type LoginErrorCode = keyof typeof LOGIN_ERRORS

/** `{code, message}` for a known code, else undefined (unknown codes are not shown). */
export function loginErrorFor(
  code: unknown
): { code: LoginErrorCode; message: string } | undefined {
  if (typeof code !== 'string' || !Object.hasOwn(LOGIN_ERRORS, code)) return undefined
  return { code: code as LoginErrorCode, message: LOGIN_ERRORS[code as LoginErrorCode] }
}
