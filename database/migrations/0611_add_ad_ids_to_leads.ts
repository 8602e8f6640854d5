import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The ad set and campaign a lead came from (Graph `Lead.adset_id` / `campaign_id`), kept next
 * to `meta_ad_id` so forwarded leads name all three (docs/leads.md "Forwarding"). Null for
 * organic leads and for leads stored before this migration.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('leads', (table) => {
      table.string('meta_ad_set_id', 32).nullable()
      table.string('meta_campaign_id', 32).nullable()
    })
  }

  async down() {
    this.schema.alterTable('leads', (table) => {
      table.dropColumn('meta_ad_set_id')
      table.dropColumn('meta_campaign_id')
    })
  }
}
