import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { RuleActionType, RuleLevel } from '#rules/definition'

/**
 * - `planned`: a dry run's "would do"
 * - `pending_approval`: an approval-mode write waiting for a person
 * - `approving`: approved, being sent to Meta (a moment; then executed or failed)
 * - `executed`: applied at Meta (or, for notify/webhook, sent)
 * - `skipped`: a guard stopped it (`reason`)
 * - `failed`: Meta refused it (`errorCode`, Meta's message in `errorMessage`)
 * - `rejected`: a person refused the pending write
 * - `reverted`: executed, then put back to `beforeValue`
 */
export type RuleItemStatus =
  | 'planned'
  | 'pending_approval'
  | 'approving'
  | 'executed'
  | 'skipped'
  | 'failed'
  | 'rejected'
  | 'reverted'

const jsonObject = {
  prepare: (value: Record<string, unknown>) => JSON.stringify(value ?? {}),
  consume: (value: unknown) =>
    typeof value === 'string' ? (JSON.parse(value) as Record<string, number | null>) : value,
}

/**
 * One object a run matched and what the rule did (or would do) to it: the metric values that
 * matched, the field's value before, the planned value after the guards, the executed value.
 */
export default class RuleRunItem extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare runId: number

  @column()
  declare ruleId: number

  @column()
  declare userId: number

  @column()
  declare adAccountId: string

  @column()
  declare objectType: RuleLevel

  @column()
  declare objectId: string

  @column()
  declare objectName: string

  @column(jsonObject)
  declare metrics: Record<string, number | null>

  @column()
  declare action: RuleActionType

  /** status | daily_budget | lifetime_budget | bid_amount; null for notify/webhook. */
  @column()
  declare field: string | null

  @column()
  declare beforeValue: string | null

  @column()
  declare plannedValue: string | null

  @column()
  declare executedValue: string | null

  @column({ consume: (value) => Boolean(value) })
  declare clamped: boolean

  @column()
  declare status: RuleItemStatus

  @column()
  declare reason: string | null

  @column()
  declare errorCode: string | null

  @column()
  declare errorMessage: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime()
  declare executedAt: DateTime | null

  @column.dateTime()
  declare decidedAt: DateTime | null

  @column.dateTime()
  declare revertedAt: DateTime | null
}
