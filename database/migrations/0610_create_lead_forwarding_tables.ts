import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Lead forwarding (docs/leads.md "Forwarding"): `lead_forwardings` are a user's webhook
 * destinations for new leads (URL and signing secret encrypted with APP_KEY, optionally only
 * some forms); `lead_deliveries` is their delivery log, one row per lead per destination
 * (the unique pair keeps a lead from being queued twice). A delivery holds no answers: the
 * body is built from the encrypted lead at each attempt, and the row goes with the lead when
 * the retention period deletes it. `lead_forms.page_name` keeps the Page's name for the
 * Leads page and the forwarded body.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('lead_forms', (table) => {
      table.string('page_name', 255).nullable()
    })
    this.schema.createTable('lead_forwardings', (table) => {
      table.increments('id').notNullable()
      table
        .integer('user_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table.string('name', 100).notNullable()
      table.text('url_encrypted').notNullable()
      /* scheme://host[:port] only */
      table.string('url_display', 255).notNullable()
      table.text('secret_encrypted').notNullable()
      /* comma-separated Meta form ids; null = every form */
      table.text('form_ids').nullable()
      table.timestamp('created_at').notNullable()
      table.index(['user_id'])
    })
    this.schema.createTable('lead_deliveries', (table) => {
      table.bigIncrements('id').notNullable()
      table
        .integer('user_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table
        .bigInteger('lead_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('leads')
        .onDelete('CASCADE')
      table
        .integer('forwarding_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('lead_forwardings')
        .onDelete('SET NULL')
      /* queued | sent | failed */
      table.string('status', 16).notNullable()
      table.integer('attempts').notNullable().defaultTo(0)
      table.integer('last_status_code').nullable()
      table.string('last_error', 500).nullable()
      table.timestamp('sent_at').nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').notNullable()
      table.unique(['lead_id', 'forwarding_id'])
      table.index(['user_id', 'id'])
    })
  }

  async down() {
    this.schema.dropTable('lead_deliveries')
    this.schema.dropTable('lead_forwardings')
    this.schema.alterTable('lead_forms', (table) => {
      table.dropColumn('page_name')
    })
  }
}
