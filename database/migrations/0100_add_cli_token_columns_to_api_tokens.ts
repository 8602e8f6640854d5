import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * CLI tokens live beside API keys in `api_tokens` (one verifier lookup, one call-log
 * reference, one last-used update): `kind` tells them apart, `expires_at` carries a CLI
 * token's 90-day expiry and a rotated API key's grace period. `name` holds a CLI token's
 * device name.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('api_tokens', (table) => {
      /* 'api_key' (minted on the profile page or by the CLI) or 'cli_token' (device sign-in) */
      table.string('kind', 16).notNullable().defaultTo('api_key')
      /* null: no expiry; a past instant: no longer accepted (CLI expiry, rotation grace) */
      table.timestamp('expires_at').nullable()
      table.index(['user_id', 'kind', 'revoked_at'])
    })
  }

  async down() {
    this.schema.alterTable('api_tokens', (table) => {
      table.dropIndex(['user_id', 'kind', 'revoked_at'])
      table.dropColumn('expires_at')
      table.dropColumn('kind')
    })
  }
}
