import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The delivery log: one row per notification per outside channel (email, each webhook),
 * with its state, attempts and the last answer or error.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('alert_deliveries', (table) => {
      table.bigIncrements('id').notNullable()
      table
        .bigInteger('notification_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('notifications')
        .onDelete('CASCADE')
      table
        .integer('user_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      /* email | webhook */
      table.string('channel', 16).notNullable()
      table
        .integer('webhook_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('alert_webhooks')
        .onDelete('SET NULL')
      /* queued | digest | sent | failed */
      table.string('status', 16).notNullable()
      table.integer('attempts').notNullable().defaultTo(0)
      /* HTTP status of the last webhook answer, or the SMTP reply code */
      table.integer('last_status_code').nullable()
      table.string('last_error', 500).nullable()
      /* not before this time (end of quiet hours) */
      table.timestamp('deliver_after').notNullable()
      table.timestamp('sent_at').nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').notNullable()
      table.index(['user_id', 'id'])
      table.index(['status', 'channel'])
    })
  }

  async down() {
    this.schema.dropTable('alert_deliveries')
  }
}
