import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export type AccountDeletionStatus = 'in_progress' | 'completed'

/**
 * One account deletion (`DeleteAccount`). While it is `in_progress`, `completedSteps` lists the
 * personal-data holders already erased, so running it again resumes at the first one missing.
 * Once `completed`, `userId` is null and only the pseudonym and dates remain.
 */
export default class AccountDeletion extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number | null

  /** `deleted-user-<12 random base32 characters>`, what the audit log says instead of the user. */
  @column()
  declare pseudonym: string

  @column()
  declare requestedBy: 'self' | 'admin'

  @column()
  declare status: AccountDeletionStatus

  @column({
    prepare: (value: string[]) => JSON.stringify(value),
    consume: (value: string | string[]) =>
      typeof value === 'string' ? (JSON.parse(value) as string[]) : value,
  })
  declare completedSteps: string[]

  /** `<step>: <error code>` of the last failed attempt. */
  @column()
  declare lastError: string | null

  @column.dateTime()
  declare startedAt: DateTime

  @column.dateTime()
  declare completedAt: DateTime | null

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null
}
