import { randomBytes } from 'node:crypto'
import { inject } from '@adonisjs/core'
import logger from '@adonisjs/core/services/logger'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import User from '#accounts/models/user'
import AccountDeletion from '#accounts/models/account_deletion'
import { resolvePersonalDataHolders } from '#accounts/actions/personal_data_holders'
import { RecordAuditEntry } from '#admin/actions/record_audit_entry'
import { AppError } from '#shared/errors'
import type { PersonalDataHolder } from '#shared/personal_data'

/** Who asked: the user (their own session stays open until the end), or an admin. */
export type DeletionRequester =
  { type: 'self'; keepSessionId?: string } | { type: 'admin'; admin: User }

export interface AccountDeletionResult {
  status: 'completed'
  /** The holders erased, in order (start/personal_data.ts). */
  completedSteps: string[]
}

/**
 * Deletes a user's account and everything held about them (right to erasure, GDPR Art. 17):
 * `DELETE /api/account` for the user, `DELETE /api/admin/users/:id` for an admin, both
 * confirmed by typing the account's email.
 *
 * Each personal-data holder of start/personal_data.ts erases its part in order (sessions and
 * rate limits, keys, the Stripe subscription, the Meta token at Meta, call log and quota
 * counters, audit-log pseudonymisation), then the user row goes and the deletion is recorded
 * in the audit log under the pseudonym. Progress is kept in `account_deletions`: when a step
 * fails (Stripe or Meta down), the steps before it stay done, and running the deletion again
 * resumes at the failed step. The account stays (signed-out everywhere but in the requesting
 * session, with no keys) until the last step has run.
 */
@inject()
export class DeleteAccount {
  constructor(private audit: RecordAuditEntry) {}

  /**
   * @throws AppError 404 `not_found` for an unknown user (or one already deleted)
   * @throws AppError 422 `email_mismatch` when `confirmEmail` is not the account's email
   * @throws AppError 422 `cannot_delete_self` when an admin targets their own account here
   * @throws AppError 503 `account_deletion_incomplete` (`failedStep`, `completedSteps`) when a
   *   step failed; run it again to finish
   */
  async execute(
    userId: number,
    confirmEmail: string,
    requester: DeletionRequester,
    holders?: PersonalDataHolder[]
  ): Promise<AccountDeletionResult> {
    const user = await User.find(userId)
    if (!user) throw new AppError('not_found', 'User not found.', 404)
    if (requester.type === 'admin' && requester.admin.id === user.id) {
      throw new AppError(
        'cannot_delete_self',
        'Delete your own account from your profile page, not from the admin page.',
        422
      )
    }
    if (confirmEmail.trim().toLowerCase() !== user.email.toLowerCase()) {
      throw new AppError(
        'email_mismatch',
        "The email you typed does not match the account's email.",
        422,
        { field: 'email' }
      )
    }

    const deletion = await this.#start(user, requester)
    const subject = {
      userId: user.id,
      email: user.email,
      pseudonym: deletion.pseudonym,
      keepSessionId: requester.type === 'self' ? requester.keepSessionId : undefined,
    }
    for (const holder of holders ?? (await resolvePersonalDataHolders())) {
      if (deletion.completedSteps.includes(holder.name)) continue
      try {
        await holder.erase(subject)
      } catch (error) {
        const code = error instanceof AppError ? error.code : 'internal_error'
        deletion.lastError = `${holder.name}: ${code}`
        await deletion.save()
        logger.warn(
          { err: error, deletion: deletion.id, step: holder.name },
          'account deletion stopped'
        )
        const reason = error instanceof AppError ? ` ${error.message}` : ''
        throw new AppError(
          'account_deletion_incomplete',
          `Deleting the account stopped at the "${holder.name}" step.${reason} Run the deletion again to finish it; the steps already done are not repeated.`,
          503,
          { failedStep: holder.name, completedSteps: deletion.completedSteps }
        )
      }
      deletion.completedSteps = [...deletion.completedSteps, holder.name]
      await deletion.save()
    }

    await db.transaction(async (trx) => {
      await User.query({ client: trx }).where('id', user.id).delete()
      deletion.useTransaction(trx)
      deletion.merge({
        userId: null,
        status: 'completed',
        lastError: null,
        completedAt: DateTime.utc(),
      })
      await deletion.save()
      await this.audit.execute(
        {
          actor:
            requester.type === 'admin'
              ? { id: requester.admin.id, email: requester.admin.email }
              : { pseudonym: deletion.pseudonym },
          action: 'user.deleted',
          target: { type: 'user', id: deletion.pseudonym, label: deletion.pseudonym },
          details: { requestedBy: requester.type },
        },
        trx
      )
    })
    logger.info({ deletion: deletion.id, pseudonym: deletion.pseudonym }, 'account deleted')
    return { status: 'completed', completedSteps: deletion.completedSteps }
  }

  /** The user's deletion in progress, or a new one with a fresh pseudonym. */
  async #start(user: User, requester: DeletionRequester): Promise<AccountDeletion> {
    const existing = await AccountDeletion.findBy('userId', user.id)
    if (existing) return existing
    try {
      return await AccountDeletion.create({
        userId: user.id,
        pseudonym: `deleted-user-${randomBytes(6).toString('hex')}`,
        requestedBy: requester.type,
        status: 'in_progress',
        completedSteps: [],
        lastError: null,
        startedAt: DateTime.utc(),
        completedAt: null,
      })
    } catch (error) {
      // Two requests at once: the other one created it (unique user_id).
      const created = await AccountDeletion.findBy('userId', user.id)
      if (created) return created
      throw error
    }
  }
}
