import { BaseSchema } from '@adonisjs/lucid/schema'
import { PLAN_CATALOG } from '#accounts/plan_catalog'

/**
 * Plans are reference data: the rows are written here from the catalogue so every
 * environment (dev, test, production) has them without a separate seed step.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('plans', (table) => {
      table.string('id', 32).primary()
      table.string('name', 64).notNullable()
      table.string('landing_name', 64).notNullable()
      table.integer('price_cents').unsigned().notNullable()
      table.string('currency', 3).notNullable().defaultTo('usd')
      table.integer('request_limit').unsigned().notNullable()
      table.text('features').notNullable()
      table.text('limitations').notNullable()
      table.boolean('popular').notNullable().defaultTo(false)
      table.integer('sort_order').notNullable().defaultTo(0)
      table.string('stripe_product_id', 255).nullable()
      table.string('stripe_price_id', 255).nullable()
    })

    this.defer(async (db) => {
      await db.table('plans').multiInsert(
        PLAN_CATALOG.map((plan, index) => ({
          id: plan.id,
          name: plan.name,
          landing_name: plan.landingName,
          price_cents: plan.priceCents,
          currency: plan.currency,
          request_limit: plan.requestLimit,
          features: JSON.stringify(plan.features),
          limitations: JSON.stringify(plan.limitations),
          popular: plan.popular,
          sort_order: index,
        }))
      )
    })
  }

  async down() {
    this.schema.dropTable('plans')
  }
}
