import { BaseSchema } from '@adonisjs/lucid/schema'
import encryption from '@adonisjs/core/services/encryption'
import metaConfig from '#config/meta'
import { MetaTokenSealer, resealLegacyMetaTokens } from '#meta/services/meta_token_sealer'

/**
 * Meta access tokens move from the hand-rolled AES-256-GCM format (key chosen by
 * `token_key_version`) to AdonisJS encryption (the `meta_tokens` encrypter, ADR 0009): every
 * stored token is opened with the configured keys and re-sealed, then the key version column,
 * which the framework format no longer needs, is dropped. Not reversible: `down` restores the
 * column, and the tokens stay in the framework format (they open either way).
 */
export default class extends BaseSchema {
  async up() {
    this.defer(async (client) => {
      const sealer = new MetaTokenSealer(encryption.use('meta_tokens'), metaConfig.tokenKeys)
      await resealLegacyMetaTokens(client, sealer)
    })
    this.schema.alterTable('meta_connections', (table) => {
      table.dropColumn('token_key_version')
    })
  }

  async down() {
    this.schema.alterTable('meta_connections', (table) => {
      table.integer('token_key_version').notNullable().defaultTo(1)
    })
  }
}
