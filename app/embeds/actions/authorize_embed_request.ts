import { timingSafeEqual } from 'node:crypto'
import EmbedSession from '#embeds/models/embed_session'
import { isSuspended, planIdOf } from '#accounts/actions/resolve_entitlement'
import { assertPlanHasFeature, type PlanId } from '#accounts/plan_catalog'
import { AppError } from '#shared/errors'
import { hashClientSecret, SESSION_ID_PATTERN } from '#embeds/services/client_secret'
import type { EmbedComponent } from '#embeds/types'

/** A session whose secret, origin, lifetime and plan were checked for one read. */
export interface AuthorizedEmbedSession {
  session: EmbedSession
  /** The plan the account is on at this read (`planIdOf`, the one entitlement rule). */
  planId: PlanId
}

/**
 * The checks every `/embed/v1/<id>/…` read passes (issue 17), in this order:
 * 1. the page's origin is one of the session's `allowedOrigins` (`originAllows`; the
 *    controller answers CORS only then, so another site learns nothing, not even whether the
 *    session exists);
 * 2. `Authorization: Bearer <client secret>` matches the session (constant-time compare);
 * 3. not revoked (403 `embed_session_revoked`: the agency ended it, a refresh will not help);
 * 4. not expired (401 `embed_session_expired`: the widget asks its page for a new secret);
 * 5. the account's plan still has `embed_widgets`; 6. the component is in the session's scope.
 */
export class AuthorizeEmbedRequest {
  /**
   * The session named in the path when `origin` may use it, else null (unknown session or
   * origin not allowed: both answer the same 403, without CORS headers).
   */
  async originAllows(sessionId: string, origin: string | null): Promise<EmbedSession | null> {
    if (!origin || !SESSION_ID_PATTERN.test(sessionId)) return null
    const session = await EmbedSession.findBy('public_id', sessionId)
    if (!session || !session.allowedOrigins.includes(origin)) return null
    return session
  }

  /**
   * @throws AppError 401 `invalid_client_secret`, 403 `embed_session_revoked`, 401
   *   `embed_session_expired`, 403 `account_suspended` (the owner's account, as on the
   *   API), 403 `plan_upgrade_required`, 403 `embed_component_not_allowed`
   */
  async authorize(
    session: EmbedSession,
    authorizationHeader: string | undefined,
    component: EmbedComponent | null
  ): Promise<AuthorizedEmbedSession> {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorizationHeader ?? '')
    const presented = match ? Buffer.from(hashClientSecret(match[1]), 'hex') : null
    const stored = Buffer.from(session.secretHash, 'hex')
    if (!presented || presented.length !== stored.length || !timingSafeEqual(presented, stored)) {
      throw new AppError(
        'invalid_client_secret',
        'Send the embed session’s client secret as "Authorization: Bearer <clientSecret>".',
        401,
        {},
        { 'WWW-Authenticate': 'Bearer realm="adrelay-embed"' }
      )
    }
    if (session.revokedAt) {
      throw new AppError('embed_session_revoked', 'This embed session has been revoked.', 403)
    }
    if (session.expiresAt.toMillis() <= Date.now()) {
      throw new AppError(
        'embed_session_expired',
        'This embed session has expired. Mint a new one.',
        401,
        { expiredAt: session.expiresAt.toUTC().toISO() },
        { 'WWW-Authenticate': 'Bearer realm="adrelay-embed", error="invalid_token"' }
      )
    }
    if (await isSuspended(session.userId)) {
      throw new AppError('account_suspended', 'This account is suspended. Contact support.', 403)
    }
    const planId = await planIdOf(session.userId)
    assertPlanHasFeature(planId, 'embed_widgets', 'Embeddable widgets')
    if (component && !session.components.includes(component)) {
      throw new AppError(
        'embed_component_not_allowed',
        `This embed session does not include the ${component} component.`,
        403,
        { component }
      )
    }
    return { session, planId }
  }
}
