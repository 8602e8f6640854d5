import { inject } from '@adonisjs/core'
import { SessionCollection } from '@adonisjs/session'
import User from '#accounts/models/user'
import { EndUserSessions } from '#accounts/actions/end_user_sessions'
import { clearUserRateLimits } from '#start/limiter'
import type { ErasureSubject, ExportSection, PersonalDataHolder } from '#shared/personal_data'

/**
 * What the accounts module holds about a user: the account row (Google identity, names, role,
 * dates), the server-side session rows (database or Redis store, tagged with the user id) and
 * the user's rate-limit buckets.
 *
 * Erasing ends every session except `keepSessionId` (the self-deletion request's own session,
 * ended by the controller once the deletion finished, so an interrupted deletion can be retried
 * from the profile page) and clears the rate-limit buckets. The `users` row itself is deleted
 * last, by `DeleteAccount`, after every holder has run.
 */
@inject()
export default class AccountsPersonalData implements PersonalDataHolder {
  readonly name = 'accounts'

  constructor(
    private sessions: SessionCollection,
    private endUserSessions: EndUserSessions
  ) {}

  sections(userId: number): Record<string, ExportSection> {
    return {
      account: {
        kind: 'one',
        read: async () => {
          const user = await User.find(userId)
          if (!user) return null
          return {
            id: user.id,
            email: user.email,
            firstName: user.firstName,
            lastName: user.lastName,
            avatarUrl: user.avatarUrl,
            role: user.role,
            googleSubjectId: user.googleSubjectId,
            stripeCustomerId: user.stripeCustomerId,
            trialUsedAt: user.trialUsedAt?.toUTC().toISO() ?? null,
            suspendedAt: user.suspendedAt?.toUTC().toISO() ?? null,
            createdAt: user.createdAt.toUTC().toISO(),
            updatedAt: user.updatedAt?.toUTC().toISO() ?? null,
          }
        },
      },
      sessions: {
        kind: 'one',
        read: async () => {
          // The rows hold the sign-in state and the CSRF secret: their count is exported,
          // never their content.
          const tagged = await this.sessions.tagged(String(userId))
          return {
            active: tagged.length,
            storage:
              'Server-side session rows tagged with your user id; they expire after 7 days of inactivity.',
          }
        },
      },
    }
  }

  async erase(subject: ErasureSubject): Promise<void> {
    await this.endUserSessions.execute(subject.userId, subject.keepSessionId)
    await clearUserRateLimits(subject.userId)
  }
}
