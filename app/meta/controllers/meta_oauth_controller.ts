import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import logger from '@adonisjs/core/services/logger'
import { timingSafeEqual } from 'node:crypto'
import env from '#start/env'
import metaConfig from '#config/meta'
import { AppError } from '#shared/errors'
import { StartMetaConnection } from '#meta/actions/start_meta_connection'
import { ConnectMetaAccount } from '#meta/actions/connect_meta_account'

const SESSION_KEY = 'meta_oauth'
const CALLBACK_PATH = '/meta/oauth/callback'

/** Return codes the Integrations page knows (spec §8). */
const KNOWN_CODES = new Set(['token_exchange_failed', 'user_info_failed'])

interface PendingConnect {
  state: string
  redirectUri: string
  /** epoch ms */
  createdAt: number
}

/**
 * The Meta connect flow (full-page redirects):
 * `GET /meta/oauth/start` → Meta's dialog; `GET /meta/oauth/callback` → `/integrations` with
 * `?success=meta_connected` or `?error=<code>`: meta_oauth_failed (denied or Meta error),
 * invalid_state, session_expired (no pending connect in the session, too old, or signed out),
 * token_exchange_failed, user_info_failed, oauth_callback_failed (anything unexpected).
 */
@inject()
export default class MetaOauthController {
  constructor(
    private startConnection: StartMetaConnection,
    private connect: ConnectMetaAccount
  ) {}

  /** GET /meta/oauth/start (signed in) */
  async start({ auth, request, response, session }: HttpContext) {
    if (!auth.user) return response.redirect('/api/login')
    const redirectUri = callbackUrl(request)
    try {
      const { url, state } = await this.startConnection.execute({
        redirectUri,
        userId: auth.user.id,
      })
      session.put(SESSION_KEY, {
        state,
        redirectUri,
        createdAt: Date.now(),
      } satisfies PendingConnect)
      return response.redirect(url)
    } catch (error) {
      if (error instanceof AppError) return response.redirect(`/integrations?error=${error.code}`)
      throw error
    }
  }

  /** GET /meta/oauth/callback?code&state (or ?error=access_denied&state) */
  async callback({ auth, request, response, session }: HttpContext) {
    const back = (query: string) => response.redirect(`/integrations?${query}`)
    const pending = session.pull(SESSION_KEY) as PendingConnect | undefined
    if (!auth.user) return back('error=session_expired')

    const { code, state, error } = request.qs() as Record<string, string | undefined>
    if (error) return back('error=meta_oauth_failed')
    if (
      !pending?.state ||
      Date.now() - pending.createdAt > metaConfig.oauthStateTtlSeconds * 1000
    ) {
      return back('error=session_expired')
    }
    if (typeof state !== 'string' || !sameString(state, pending.state))
      return back('error=invalid_state')
    if (typeof code !== 'string' || code.length === 0) return back('error=meta_oauth_failed')

    try {
      await this.connect.execute({ userId: auth.user.id, code, redirectUri: pending.redirectUri })
      return back('success=meta_connected')
    } catch (failure) {
      if (failure instanceof AppError && KNOWN_CODES.has(failure.code))
        return back(`error=${failure.code}`)
      logger.error({ err: failure, userId: auth.user.id }, 'Meta OAuth callback failed')
      return back('error=oauth_callback_failed')
    }
  }
}

/**
 * The exact redirect URI sent to Meta: APP_URL when set (production requires it), else the
 * origin this request came in on (development and tests, where the port varies).
 */
function callbackUrl(request: HttpContext['request']) {
  const appUrl = env.get('APP_URL')
  const origin = appUrl ? appUrl.replace(/\/+$/, '') : `${request.protocol()}://${request.host()}`
  return `${origin}${CALLBACK_PATH}`
}

function sameString(a: string, b: string) {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}
