import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Admin audit log: one row per admin action (suspend, unsuspend, invitation code created or
 * disabled, users export, role change from the CLI). Actor and target labels are copied at
 * write time so an entry stays readable if the rows it points at change.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('admin_audit_log', (table) => {
      table.bigIncrements('id').notNullable()
      /* null when the action came from the command line (users:promote / users:demote) */
      table
        .integer('actor_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.string('actor_label', 254).notNullable()
      /* user.suspended | user.unsuspended | user.promoted | user.demoted | invitation_code.created | invitation_code.disabled | users.exported */
      table.string('action', 64).notNullable()
      /* user | invitation_code | null (exports) */
      table.string('target_type', 32).nullable()
      table.string('target_id', 64).nullable()
      table.string('target_label', 254).nullable()
      /* JSON object with action-specific facts (search text, row count, plan...) */
      table.text('details').nullable()
      table.timestamp('created_at').notNullable()
      /* newest-first listing, and "what happened to this user" */
      table.index(['created_at'])
      table.index(['target_type', 'target_id'])
    })
  }

  async down() {
    this.schema.dropTable('admin_audit_log')
  }
}
