import env from '#start/env'
import app from '@adonisjs/core/services/app'

/** True when Google OAuth credentials are configured. */
export function isGoogleConfigured(): boolean {
  return Boolean(env.get('GOOGLE_CLIENT_ID') && env.get('GOOGLE_CLIENT_SECRET'))
}

/**
 * The development sign-in page (email + name, no password) exists only outside production
 * and only while Google is not configured.
 */
export function isDevSignInEnabled(): boolean {
  return !app.inProduction && !isGoogleConfigured()
}
