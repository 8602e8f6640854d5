import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Scheduled plan changes (a downgrade or a move to Free at the period end), the proration
 * preview the confirm reuses, and the invitation code that granted the plan.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('subscriptions', (table) => {
      table.string('pending_plan_id', 32).nullable()
      table.timestamp('pending_change_at').nullable()
      table.string('stripe_schedule_id', 255).nullable()
      table.string('preview_plan_id', 32).nullable()
      /* Unix seconds, as Stripe's proration_date */
      table.bigInteger('preview_proration_date').nullable()
      table.integer('invitation_code_id').unsigned().nullable()
    })
  }

  async down() {
    this.schema.alterTable('subscriptions', (table) => {
      table.dropColumn('pending_plan_id')
      table.dropColumn('pending_change_at')
      table.dropColumn('stripe_schedule_id')
      table.dropColumn('preview_plan_id')
      table.dropColumn('preview_proration_date')
      table.dropColumn('invitation_code_id')
    })
  }
}
