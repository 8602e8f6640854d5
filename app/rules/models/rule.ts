import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { RuleDefinition, RuleMode } from '#rules/definition'

const jsonDocument = {
  prepare: (value: unknown) => JSON.stringify(value),
  consume: (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value),
}

/**
 * An automated rule of one user. `definition` holds scope, conditions, actions, guards and
 * schedule (validated by `ruleDefinitionSchema` before it is stored). A new rule is in
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

  @column(jsonDocument)
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
