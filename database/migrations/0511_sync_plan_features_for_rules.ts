import { BaseSchema } from '@adonisjs/lucid/schema'
import { PLAN_CATALOG } from '#accounts/plan_catalog'

/**
 * The plan cards now name each plan's automated-rule allowance ("Up to 25 automated rules"):
 * the plans table's marketing lines are rewritten from the catalogue.
 */
export default class extends BaseSchema {
  async up() {
    this.defer(async (db) => {
      for (const plan of PLAN_CATALOG) {
        await db
          .from('plans')
          .where('id', plan.id)
          .update({ features: JSON.stringify(plan.features) })
      }
    })
  }

  async down() {}
}
