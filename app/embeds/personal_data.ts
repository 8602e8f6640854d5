import { readConnectionName } from '#shared/read_connection'
import EmbedSession from '#embeds/models/embed_session'
import {
  isoTimestamp,
  pageById,
  type ErasureSubject,
  type ExportSection,
  type PersonalDataHolder,
} from '#shared/personal_data'

const iso = (value: { toJSDate(): Date } | null | undefined) =>
  isoTimestamp(value ? value.toJSDate() : null)

/**
 * What the embeds module holds about a user: embed sessions (public id, components, key id,
 * ad accounts, origins, dates). The client secret's hash is never exported.
 */
export default class EmbedsPersonalData implements PersonalDataHolder {
  readonly name = 'embeds'

  sections(userId: number): Record<string, ExportSection> {
    return {
      embedSessions: {
        kind: 'many',
        rows: () =>
          pageById(
            (afterId, limit) =>
              EmbedSession.query({ connection: readConnectionName() })
                .where('user_id', userId)
                .where('id', '>', afterId)
                .orderBy('id')
                .limit(limit),
            (session) => ({
              id: session.publicId,
              components: [...session.components],
              keyId: session.keyId === null ? null : Number(session.keyId),
              adAccountIds: [...session.adAccountIds],
              allowedOrigins: [...session.allowedOrigins],
              hidePoweredBy: session.hidePoweredBy,
              createdAt: iso(session.createdAt),
              expiresAt: iso(session.expiresAt),
              revokedAt: iso(session.revokedAt),
            })
          ),
      },
    }
  }

  async erase({ userId }: ErasureSubject): Promise<void> {
    await EmbedSession.query().where('user_id', userId).delete()
  }
}
