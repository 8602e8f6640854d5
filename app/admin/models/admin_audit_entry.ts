import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** What an admin did; the stable values stored in `admin_audit_log.action`. */
export type AdminAuditAction =
  | 'user.suspended'
  | 'user.unsuspended'
  | 'user.promoted'
  | 'user.demoted'
  | 'invitation_code.created'
  | 'invitation_code.disabled'
  | 'users.exported'
  | 'user.data_exported'
  | 'user.deleted'

export type AdminAuditTargetType = 'user' | 'invitation_code'

const jsonObject = {
  prepare: (value: Record<string, unknown> | null) => (value ? JSON.stringify(value) : null),
  consume: (value: string | Record<string, unknown> | null) =>
    value === null
      ? {}
      : typeof value === 'string'
        ? (JSON.parse(value) as Record<string, unknown>)
        : value,
}

/**
 * One entry of the admin audit log. Append-only: nothing updates or deletes entries.
 * `actorLabel` and `targetLabel` are snapshots (emails, codes) taken when the action happened.
 */
export default class AdminAuditEntry extends BaseModel {
  static table = 'admin_audit_log'

  @column({ isPrimary: true })
  declare id: number

  /** The admin's user id; null for command-line actions. */
  @column()
  declare actorId: number | null

  /** The admin's email at the time, or `cli` for command-line actions. */
  @column()
  declare actorLabel: string

  @column()
  declare action: AdminAuditAction

  @column()
  declare targetType: AdminAuditTargetType | null

  @column()
  declare targetId: string | null

  @column()
  declare targetLabel: string | null

  @column(jsonObject)
  declare details: Record<string, unknown>

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
