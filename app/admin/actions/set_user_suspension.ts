import { inject } from '@adonisjs/core'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import User from '#accounts/models/user'
import { EndUserSessions } from '#accounts/actions/end_user_sessions'
import emitter from '@adonisjs/core/services/emitter'
import type {} from '#admin/events'
import { AuditLog } from '#admin/services/audit_log'
import { AppError } from '#shared/errors'

export interface SuspensionResult {
  userId: number
  suspendedAt: string | null
  /** False when the user was already in the requested state (no change, no audit entry). */
  changed: boolean
  /** Browser sessions ended (suspension only). */
  sessionsEnded: number
}

/**
 * Suspends and unsuspends accounts. Nothing of the user's is deleted (keys, subscription,
 * call log, Meta connection stay); what changes:
 * - sign-in is refused (`SignInWithIdentity` throws `account_suspended`),
 * - every browser session of the user ends now (server-side store tags), and any session the
 *   store missed is closed by the silent-auth middleware on its next request,
 * - API keys answer 403 `account_suspended`: at once on this instance (`user:suspended` makes
 *   the keys module drop its cache), on the others when that invalidation arrives over Redis
 *   pub/sub, and at the latest within the verifier's cache bound (`API_KEY_CACHE_TTL_MS`, 10 s).
 * Unsuspending reverses the first and last; ended sessions stay ended (the user signs in again).
 */
@inject()
export class SetUserSuspension {
  constructor(
    private endSessions: EndUserSessions,
    private audit: AuditLog
  ) {}

  /**
   * @throws AppError 404 `not_found` for an unknown user
   * @throws AppError 422 `cannot_suspend_self` when the admin targets their own account
   */
  async suspend(actor: User, userId: number): Promise<SuspensionResult> {
    if (actor.id === userId) {
      throw new AppError('cannot_suspend_self', 'You cannot suspend your own account.', 422)
    }
    const changed = await this.#setSuspended(actor, userId, true)
    await emitter.emit('user:suspended', { userId })
    const sessionsEnded = await this.endSessions.execute(userId)
    return { userId, suspendedAt: changed.suspendedAt, changed: changed.changed, sessionsEnded }
  }

  /** @throws AppError 404 `not_found` for an unknown user */
  async unsuspend(actor: User, userId: number): Promise<SuspensionResult> {
    const changed = await this.#setSuspended(actor, userId, false)
    await emitter.emit('user:unsuspended', { userId })
    return { userId, suspendedAt: changed.suspendedAt, changed: changed.changed, sessionsEnded: 0 }
  }

  async #setSuspended(actor: User, userId: number, suspended: boolean) {
    return db.transaction(async (trx) => {
      const user = await User.query({ client: trx }).where('id', userId).forUpdate().first()
      if (!user) throw new AppError('not_found', 'User not found.', 404)
      if (user.isSuspended === suspended) {
        return { changed: false, suspendedAt: user.suspendedAt?.toUTC().toISO() ?? null }
      }
      user.suspendedAt = suspended ? DateTime.utc().startOf('second') : null
      await user.save()
      await this.audit.record(
        {
          actor: { id: actor.id, email: actor.email },
          action: suspended ? 'user.suspended' : 'user.unsuspended',
          target: { type: 'user', id: user.id, label: user.email },
        },
        trx
      )
      return { changed: true, suspendedAt: user.suspendedAt?.toUTC().toISO() ?? null }
    })
  }
}
