import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * One row per user who changed their alert preferences (no row = the defaults of
 * `app/alerts/services/alert_settings.ts`): channels per alert type, quiet hours, the daily
 * email digest and the spend threshold.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('alert_settings', (table) => {
      table
        .integer('user_id')
        .unsigned()
        .primary()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      /* JSON object: alert type → list of channels (in_app, email, webhook) */
      table.text('channels').notNullable()
      /* IANA time zone the quiet hours and the digest hour are read in */
      table.string('time_zone', 64).notNullable().defaultTo('UTC')
      /* quiet hours as minutes after local midnight; both null = no quiet hours */
      table.smallint('quiet_start_minute').nullable()
      table.smallint('quiet_end_minute').nullable()
      table.boolean('digest_enabled').notNullable().defaultTo(false)
      /* local hour (0-23) the daily digest is sent at */
      table.smallint('digest_hour').notNullable().defaultTo(8)
      table.timestamp('digest_sent_at').nullable()
      /* spend_threshold alert: daily spend per ad account above this, in minor units; null = off */
      table.bigInteger('spend_threshold_minor').nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').notNullable()
    })
  }

  async down() {
    this.schema.dropTable('alert_settings')
  }
}
