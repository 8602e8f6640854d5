import { DateTime } from 'luxon'
import EmbedSession from '#embeds/models/embed_session'
import { AppError } from '#shared/errors'
import type { ListedEmbedSession } from '#embeds/types'

/** How many sessions `list` answers (newest first). */
export const LISTED_EMBED_SESSIONS = 100

/** Lists and revokes an account's embed sessions (`GET`/`DELETE /api/v1/embed/sessions`). */
export class ManageEmbedSessions {
  /** The account's latest 100 sessions, newest first, without secrets. */
  async list(userId: number): Promise<ListedEmbedSession[]> {
    const sessions = await EmbedSession.query()
      .where('user_id', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(LISTED_EMBED_SESSIONS)
    return sessions.map(listed)
  }

  /**
   * Revokes one of the account's sessions: its next read answers 403
   * `embed_session_revoked` (secrets are checked against the database on every read).
   * Revoking a revoked session is a no-op.
   * @throws AppError 404 `not_found` unless the session is the account's
   */
  async revoke(userId: number, publicId: string): Promise<ListedEmbedSession> {
    const session = await EmbedSession.query()
      .where('user_id', userId)
      .where('public_id', publicId)
      .first()
    if (!session) throw new AppError('not_found', 'Embed session not found.', 404)
    if (!session.revokedAt) {
      session.revokedAt = DateTime.utc()
      await session.save()
    }
    return listed(session)
  }
}

function listed(session: EmbedSession): ListedEmbedSession {
  return {
    id: session.publicId,
    components: session.components,
    keyId: session.keyId,
    adAccountIds: session.adAccountIds,
    allowedOrigins: session.allowedOrigins,
    hidePoweredBy: session.hidePoweredBy,
    status: session.status,
    createdAt: session.createdAt.toUTC().toISO()!,
    expiresAt: session.expiresAt.toUTC().toISO()!,
    revokedAt: session.revokedAt?.toUTC().toISO() ?? null,
  }
}
