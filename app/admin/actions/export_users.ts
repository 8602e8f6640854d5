import { readConnectionName } from '#shared/read_connection'
import { Readable } from 'node:stream'
import { stringify } from 'csv-stringify'
import User from '#accounts/models/user'
import { applyUserSearch } from '#admin/services/user_search'
import { neutralizeFormula } from '#shared/csv_cells'
import { AuditLog, type AuditActor } from '#admin/services/audit_log'
import { toAdminUser } from '#admin/transformers/admin_user'
import { inject } from '@adonisjs/core'

/** CSV columns, in order: [key of a row, header]. */
const COLUMNS = [
  ['id', 'id'],
  ['email', 'email'],
  ['firstName', 'first_name'],
  ['lastName', 'last_name'],
  ['role', 'role'],
  ['plan', 'plan'],
  ['subscriptionStatus', 'subscription_status'],
  ['subscriptionProvider', 'subscription_provider'],
  ['createdAt', 'created_at'],
  ['suspendedAt', 'suspended_at'],
] as const

/** Rows read from the database per query while streaming. */
const CHUNK_SIZE = 500

export interface UsersExport {
  /** The CSV (UTF-8, header row first, RFC 4180 quoting), produced as it is read. */
  stream: Readable
  /** How many users matched when the export started. */
  total: number
  /** Suggested download name, e.g. `adrelay-users-2025-01-31.csv`. */
  filename: string
}

/**
 * Exports the users matching an admin search as CSV (`GET /api/admin/users/export`). Rows are
 * read in chunks of 500 by descending id and streamed, so memory stays flat however many
 * users there are. Text cells starting with = + - @ tab or CR get a leading single quote
 * (formula injection). The export is recorded in the audit log before streaming starts.
 */
@inject()
export class ExportUsers {
  constructor(private audit: AuditLog) {}

  async execute(actor: AuditActor, search: string | null | undefined): Promise<UsersExport> {
    const counted = await applyUserSearch(User.query({ connection: readConnectionName() }), search)
      .count('* as total')
      .first()
    const total = Number(counted?.$extras.total ?? 0)
    await this.audit.record({
      actor,
      action: 'users.exported',
      details: { search: search?.trim() || null, rows: total },
    })

    const csv = stringify({
      header: true,
      columns: COLUMNS.map(([key, header]) => ({ key, header })),
      cast: { string: neutralizeFormula },
    })
    const rows = Readable.from(this.#rows(search))
    rows.on('error', (error) => csv.destroy(error))
    rows.pipe(csv)

    const day = new Date().toISOString().slice(0, 10)
    return { stream: csv, total, filename: `adrelay-users-${day}.csv` }
  }

  async *#rows(search: string | null | undefined) {
    let beforeId: number | null = null
    while (true) {
      const query = applyUserSearch(User.query({ connection: readConnectionName() }), search)
        .preload('subscription', (subscription) => subscription.preload('plan'))
        .orderBy('id', 'desc')
        .limit(CHUNK_SIZE)
      if (beforeId !== null) query.where('id', '<', beforeId)
      const users = await query
      for (const user of users) {
        const row = toAdminUser(user)
        yield {
          id: row.id,
          email: row.email,
          firstName: row.firstName ?? '',
          lastName: row.lastName ?? '',
          role: row.role,
          plan: row.subscription.plan.name,
          subscriptionStatus: row.subscription.status,
          subscriptionProvider: row.subscription.provider ?? '',
          createdAt: row.createdAt ?? '',
          suspendedAt: row.suspendedAt ?? '',
        }
      }
      if (users.length < CHUNK_SIZE) return
      beforeId = users[users.length - 1].id
    }
  }
}
