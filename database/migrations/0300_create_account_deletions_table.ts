import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Account deletions, one row per deletion (app/accounts/actions/delete_account.ts). The row
 * outlives the user: `user_id` is cleared when the user row goes, and only the random
 * `pseudonym` that replaced the user in the admin audit log is kept. `completed_steps` lets an
 * interrupted deletion resume where it stopped.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('account_deletions', (table) => {
      table.increments('id').notNullable()
      table
        .integer('user_id')
        .unsigned()
        .nullable()
        .unique()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      /* `deleted-user-<12 random base32 characters>`: what the audit log says instead */
      table.string('pseudonym', 40).notNullable().unique()
      /* self | admin */
      table.string('requested_by', 16).notNullable()
      /* in_progress | completed */
      table.string('status', 16).notNullable()
      /* JSON array of the personal-data holders already erased, in order */
      table.text('completed_steps').notNullable()
      /* `<step>: <error code>` of the last failed attempt; never personal data */
      table.string('last_error', 255).nullable()
      table.timestamp('started_at').notNullable()
      table.timestamp('completed_at').nullable()
      table.timestamp('updated_at').nullable()
    })
  }

  async down() {
    this.schema.dropTable('account_deletions')
  }
}
