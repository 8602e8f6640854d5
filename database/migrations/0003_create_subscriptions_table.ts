import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('subscriptions', (table) => {
      table.increments('id').notNullable()
      table
        .integer('user_id')
        .unsigned()
        .notNullable()
        .unique()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table.string('plan_id', 32).notNullable().references('id').inTable('plans')
      /* Stripe's vocabulary: trialing | active | past_due | canceled | incomplete | incomplete_expired | unpaid */
      table.string('status', 32).notNullable()
      /* stripe | manual | invitation */
      table.string('provider', 16).notNullable().defaultTo('manual')
      table.string('stripe_customer_id', 255).nullable()
      table.string('stripe_subscription_id', 255).nullable().unique()
      table.timestamp('current_period_start').nullable()
      table.timestamp('current_period_end').nullable()
      table.timestamp('trial_end').nullable()
      table.boolean('cancel_at_period_end').notNullable().defaultTo(false)
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
    })
  }

  async down() {
    this.schema.dropTable('subscriptions')
  }
}
