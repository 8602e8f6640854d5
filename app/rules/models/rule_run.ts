import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { RuleMode } from '#rules/definition'

export type RuleRunStatus = 'running' | 'completed' | 'skipped' | 'failed'
export type RuleRunTrigger = 'schedule' | 'manual'

/**
 * One evaluation of a rule. A scheduled run's `tick` is the claim (unique with the rule id)
 * that makes it happen once per tick across workers (ADR 0013); a skipped run says why
 * (`reason`, e.g. Meta's rate limit).
 */
export default class RuleRun extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare ruleId: number

  @column()
  declare userId: number

  @column()
  declare trigger: RuleRunTrigger

  @column()
  declare tick: string

  /** The worker run (one id per tick it runs) whose insert won the claim. */
  @column()
  declare claimedBy: string | null

  @column()
  declare status: RuleRunStatus

  @column()
  declare mode: RuleMode

  @column()
  declare reason: string | null

  @column()
  declare evaluatedCount: number

  @column()
  declare matchedCount: number

  @column()
  declare actedCount: number

  @column.dateTime()
  declare startedAt: DateTime

  @column.dateTime()
  declare finishedAt: DateTime | null
}
