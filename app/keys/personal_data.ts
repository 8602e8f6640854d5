import { readDb } from '#shared/read_connection'
import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import { ApiKeyVerifier } from '#keys/services/api_key_verifier'
import {
  isoTimestamp,
  pageById,
  type ErasureSubject,
  type ExportSection,
  type PersonalDataHolder,
} from '#shared/personal_data'

/**
 * What the keys module holds about a user: API keys and CLI sessions (`api_tokens`: name,
 * kind, display prefix, dates; the SHA-256 hash is never exported) and the CLI's device
 * authorization requests (RFC 8628; the device code hash is never exported).
 *
 * Erasing deletes the rows and drops the verifier cache: the keys answer 401 at once on this
 * instance and within `API_KEY_CACHE_TTL_MS` (10 s) on the others.
 */
@inject()
export default class KeysPersonalData implements PersonalDataHolder {
  readonly name = 'keys'

  constructor(private verifier: ApiKeyVerifier) {}

  sections(userId: number): Record<string, ExportSection> {
    return {
      apiKeys: {
        kind: 'many',
        rows: () =>
          pageById(
            (afterId, limit) =>
              readDb()
                .from('api_tokens')
                .where('user_id', userId)
                .where('id', '>', afterId)
                .orderBy('id')
                .limit(limit)
                .select(
                  'id',
                  'kind',
                  'name',
                  'display_prefix',
                  'created_at',
                  'last_used_at',
                  'revoked_at',
                  'expires_at'
                ),
            (row) => ({
              id: Number(row.id),
              kind: row.kind,
              name: row.name,
              prefix: row.display_prefix,
              createdAt: isoTimestamp(row.created_at),
              lastUsedAt: isoTimestamp(row.last_used_at),
              revokedAt: isoTimestamp(row.revoked_at),
              expiresAt: isoTimestamp(row.expires_at),
            })
          ),
      },
      deviceAuthorizations: {
        kind: 'many',
        rows: () =>
          pageById(
            (afterId, limit) =>
              readDb()
                .from('device_authorizations')
                .where('user_id', userId)
                .where('id', '>', afterId)
                .orderBy('id')
                .limit(limit)
                .select(
                  'id',
                  'client_id',
                  'device_name',
                  'requester_ip',
                  'status',
                  'created_at',
                  'decided_at',
                  'expires_at'
                ),
            (row) => ({
              id: Number(row.id),
              clientId: row.client_id,
              deviceName: row.device_name,
              requesterIp: row.requester_ip,
              status: row.status,
              createdAt: isoTimestamp(row.created_at),
              decidedAt: isoTimestamp(row.decided_at),
              expiresAt: isoTimestamp(row.expires_at),
            })
          ),
      },
    }
  }

  async erase({ userId }: ErasureSubject): Promise<void> {
    await db.from('api_tokens').where('user_id', userId).delete()
    await db.from('device_authorizations').where('user_id', userId).delete()
    this.verifier.forgetUser(userId)
  }
}
