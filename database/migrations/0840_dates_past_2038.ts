import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The dates a plan runs to, as DATETIME on MySQL/MariaDB: a TIMESTAMP column ends on
 * 2038-01-19 03:14:07 UTC (MySQL reference, "The DATE, DATETIME, and TIMESTAMP Types"), and an
 * invitation code may grant up to 3,650 days (app/billing/actions/create_invitation_code.ts), so
 * a redemption from 2028 on, and the subscription period it sets, could not be stored.
 * `invitation_codes.expires_at` was DATETIME from the start (migration 0402).
 *
 * MySQL converts each TIMESTAMP value to the session time zone as it changes the type, which is
 * the zone the app's connections write and read in: the values read back the same. SQLite has
 * no such limit (dates are text there): nothing to do.
 */
const COLUMNS: { table: string; column: string; nullable: boolean }[] = [
  { table: 'invitation_redemptions', column: 'grants_until', nullable: false },
  { table: 'subscriptions', column: 'current_period_start', nullable: true },
  { table: 'subscriptions', column: 'current_period_end', nullable: true },
  { table: 'subscriptions', column: 'trial_end', nullable: true },
  { table: 'subscriptions', column: 'pending_change_at', nullable: true },
]

export default class extends BaseSchema {
  async up() {
    this.defer(async (db) => {
      if (db.dialect.name !== 'mysql') return
      for (const { table, column, nullable } of COLUMNS) {
        await db.rawQuery(
          `ALTER TABLE \`${table}\` MODIFY \`${column}\` DATETIME ${nullable ? 'NULL' : 'NOT NULL'}`
        )
      }
    })
  }

  /**
   * Left as DATETIME: a TIMESTAMP column cannot hold the dates past 2038 that may be stored by
   * now (MySQL refuses the change), and DATETIME reads back the same values.
   */
  async down() {}
}
