import { Readable } from 'node:stream'
import { inject } from '@adonisjs/core'
import logger from '@adonisjs/core/services/logger'
import User from '#accounts/models/user'
import { resolvePersonalDataHolders } from '#accounts/actions/personal_data_holders'
import { RecordAuditEntry } from '#admin/actions/record_audit_entry'
import { AppError } from '#shared/errors'
import type { PersonalDataHolder } from '#shared/personal_data'

/** Bytes of JSON gathered before a chunk is handed to the stream. */
const FLUSH_BYTES = 64 * 1024

/** The document's `format` value and version: a consumer checks these first. */
export const EXPORT_FORMAT = 'adrelay-personal-data'
export const EXPORT_VERSION = 1

export interface PersonalDataExport {
  /** The JSON document (UTF-8), produced while it is read from the database. */
  stream: Readable
  /** Suggested download name, e.g. `adrelay-data-2026-11-23.json`. */
  filename: string
}

/** Who asked: the user themselves, or an admin (recorded in the audit log). */
export type ExportRequester = { type: 'self' } | { type: 'admin'; admin: User }

/**
 * Everything Adrelay holds about a user, as one JSON document (`GET /api/account/export`, and
 * `GET /api/admin/users/:id/export` for an admin), right of access and data portability (GDPR
 * Art. 15 and 20):
 *
 * ```json
 * {"format":"adrelay-personal-data","version":1,"exportedAt":"<ISO 8601>","userId":12,
 *  "data":{"account":{…},"sessions":{…},"apiKeys":[…],"deviceAuthorizations":[…],
 *          "subscription":{…}|null,"invitationRedemptions":[…],"metaConnection":{…}|null,
 *          "callLog":[…],"usageCounters":[…],"auditEntries":[…]}}
 * ```
 *
 * The sections come from the holders in start/personal_data.ts. The document is streamed: list
 * sections are read in bounded chunks by their holders and written in pieces of about 64 KB,
 * so memory does not grow with the call log. A failure after the first byte can no longer
 * become an error status: the stream is destroyed (the client sees a truncated download, never
 * a document that looks complete) and the fault logged.
 */
@inject()
export class ExportPersonalData {
  constructor(private audit: RecordAuditEntry) {}

  /** @throws AppError 404 `not_found` for an unknown user */
  async execute(userId: number, requester: ExportRequester): Promise<PersonalDataExport> {
    const user = await User.find(userId)
    if (!user) throw new AppError('not_found', 'User not found.', 404)
    if (requester.type === 'admin') {
      await this.audit.execute({
        actor: { id: requester.admin.id, email: requester.admin.email },
        action: 'user.data_exported',
        target: { type: 'user', id: user.id, label: user.email },
      })
    }
    const holders = await resolvePersonalDataHolders()
    const stream = Readable.from(this.#document(user.id, holders), { objectMode: false })
    stream.on('error', (error) =>
      logger.error({ err: error, userId: user.id }, 'personal data export failed mid-stream')
    )
    const day = new Date().toISOString().slice(0, 10)
    const filename =
      requester.type === 'admin'
        ? `adrelay-data-user-${user.id}-${day}.json`
        : `adrelay-data-${day}.json`
    return { stream, filename }
  }

  async *#document(userId: number, holders: PersonalDataHolder[]): AsyncGenerator<string> {
    yield (
      `{"format":${JSON.stringify(EXPORT_FORMAT)},"version":${EXPORT_VERSION},` +
      `"exportedAt":${JSON.stringify(new Date().toISOString())},"userId":${userId},"data":{`
    )
    let firstSection = true
    for (const holder of holders) {
      for (const [name, section] of Object.entries(holder.sections(userId))) {
        const lead = `${firstSection ? '' : ','}${JSON.stringify(name)}:`
        firstSection = false
        if (section.kind === 'one') {
          yield lead + JSON.stringify(await section.read())
          continue
        }
        let buffer = `${lead}[`
        let firstRow = true
        for await (const row of section.rows()) {
          buffer += (firstRow ? '' : ',') + JSON.stringify(row)
          firstRow = false
          if (buffer.length >= FLUSH_BYTES) {
            yield buffer
            buffer = ''
          }
        }
        yield `${buffer}]`
      }
    }
    yield '}}\n'
  }
}
