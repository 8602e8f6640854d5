import EmbedSession from '#embeds/models/embed_session'
import { OwnedRowsHolder, isoDateTime, ownedTable } from '#shared/personal_data'

/**
 * What the embeds module holds about a user: embed sessions (public id, components, key id,
 * ad accounts, origins, dates). The client secret's hash is never exported.
 */
export default class EmbedsPersonalData extends OwnedRowsHolder {
  readonly name = 'embeds'
  protected readonly tables = {
    embedSessions: ownedTable(EmbedSession, (session) => ({
      id: session.publicId,
      components: [...session.components],
      keyId: session.keyId === null ? null : Number(session.keyId),
      adAccountIds: [...session.adAccountIds],
      allowedOrigins: [...session.allowedOrigins],
      hidePoweredBy: session.hidePoweredBy,
      createdAt: isoDateTime(session.createdAt),
      expiresAt: isoDateTime(session.expiresAt),
      revokedAt: isoDateTime(session.revokedAt),
    })),
  }
  protected readonly eraseOrder = [EmbedSession]
}
