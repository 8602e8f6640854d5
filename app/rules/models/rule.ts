import { DateTime } from 'luxon'
import encryption from '@adonisjs/core/services/encryption'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { RuleDefinition, RuleMode } from '#rules/definition'

/**
 * A definition as stored: each webhook action's `url` (a Slack, n8n or Zapier URL is a
 * credential) replaced by `urlEncrypted`, sealed with the framework's encryption service
 * (APP_KEY), as alert and lead-forwarding webhook URLs are. Everything else is stored as is.
 */
export function sealWebhookUrls(definition: RuleDefinition): Record<string, any> {
  if (!Array.isArray(definition?.actions)) return definition
  return {
    ...definition,
    actions: definition.actions.map(({ url, ...action }) =>
      action.type === 'webhook' && url
        ? { ...action, urlEncrypted: encryption.encrypt(url) }
        : action
    ),
  }
}

/**
 * The definition in memory, from what is stored: `urlEncrypted` opened back into `url`. A URL
 * that no longer opens (APP_KEY replaced without its old key kept) is left out: the rule then
 * has a webhook action without a URL, which the runner skips, and its owner sets it again.
 * Rows written before migration 0841 still hold `url` in clear and are read as they are.
 */
export function openWebhookUrls(stored: Record<string, any>): RuleDefinition {
  if (!Array.isArray(stored?.actions)) return stored as RuleDefinition
  return {
    ...stored,
    actions: stored.actions.map(({ urlEncrypted, ...action }: Record<string, any>) => {
      if (typeof urlEncrypted !== 'string') return action
      const url = encryption.decrypt<string>(urlEncrypted)
      return url ? { ...action, url } : action
    }),
  } as RuleDefinition
}

const definitionColumn = {
  prepare: (value: RuleDefinition) => JSON.stringify(sealWebhookUrls(value)),
  consume: (value: unknown) =>
    openWebhookUrls(typeof value === 'string' ? JSON.parse(value) : value),
}

/**
 * An automated rule of one user. `definition` holds scope, conditions, actions, guards and
 * schedule (validated by `ruleDefinitionSchema` before it is stored; webhook URLs encrypted at
 * rest, in clear in memory: `sealWebhookUrls`). A new rule is in
 * `dry_run` mode and disabled until its owner enables it.
 */
export default class Rule extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  @column()
  declare name: string

  @column({ consume: (value) => Boolean(value) })
  declare enabled: boolean

  @column()
  declare mode: RuleMode

  @column(definitionColumn)
  declare definition: RuleDefinition

  /** The template the rule was created from (stop_loss, scale_winners, ...), if any. */
  @column()
  declare template: string | null

  @column.dateTime()
  declare lastRunAt: DateTime | null

  /** The next tick the scheduler runs it at (UTC); null while disabled. */
  @column.dateTime()
  declare nextRunAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
