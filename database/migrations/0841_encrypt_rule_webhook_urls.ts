import encryption from '@adonisjs/core/services/encryption'
import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Rule webhook URLs encrypted at rest (ADR 0007): every stored rule definition whose webhook
 * action holds `url` in clear gets `urlEncrypted` instead (the framework's encryption service,
 * APP_KEY), the form `Rule`'s `definition` column now writes (app/rules/models/rule.ts). `down`
 * opens them again.
 */
export default class extends BaseSchema {
  async up() {
    this.defer(async (db) => {
      await rewriteDefinitions(db, (action) => {
        if (action.type !== 'webhook' || typeof action.url !== 'string') return action
        const { url, ...rest } = action
        return { ...rest, urlEncrypted: encryption.encrypt(url) }
      })
    })
  }

  async down() {
    this.defer(async (db) => {
      await rewriteDefinitions(db, (action) => {
        if (typeof action.urlEncrypted !== 'string') return action
        const { urlEncrypted, ...rest } = action
        const url = encryption.decrypt<string>(urlEncrypted)
        return url ? { ...rest, url } : rest
      })
    })
  }
}

/** Rewrites each rule's actions with `change`, 500 rules at a time; rows left alike are not written. */
async function rewriteDefinitions(
  db: Parameters<Parameters<BaseSchema['defer']>[0]>[0],
  change: (action: Record<string, any>) => Record<string, any>
) {
  let after = 0
  for (;;) {
    const rows = await db.from('rules').where('id', '>', after).orderBy('id').limit(500)
    if (rows.length === 0) return
    for (const row of rows) {
      const definition =
        typeof row.definition === 'string' ? JSON.parse(row.definition) : row.definition
      if (!Array.isArray(definition?.actions)) continue
      const actions = definition.actions.map(change)
      if (JSON.stringify(actions) === JSON.stringify(definition.actions)) continue
      await db
        .from('rules')
        .where('id', row.id)
        .update({ definition: JSON.stringify({ ...definition, actions }) })
    }
    after = Number(rows[rows.length - 1].id)
  }
}
