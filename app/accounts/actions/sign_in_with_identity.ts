import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import User from '#accounts/models/user'
import { AppError } from '#shared/errors'
import { LOGIN_ERRORS } from '#accounts/login_errors'
import { cleanUserEnteredName } from '#shared/user_text'

/** An identity asserted by Google (or, outside production, the development sign-in form). */
export interface SignInIdentity {
  email: string
  /** OIDC `sub`; null for the development sign-in */
  subjectId: string | null
  firstName: string | null
  lastName: string | null
  avatarUrl: string | null
}

/**
 * Creates or updates the user behind an identity: matched by Google subject id first, then
 * by email (case-insensitive). Names and avatar follow Google on every sign-in; names are
 * cleaned of control and bidirectional-override characters (`cleanUserEnteredName`), and a
 * name with nothing visible left counts as absent.
 * @throws AppError 403 `account_suspended` for a suspended user (nothing is changed)
 */
export class SignInWithIdentity {
  async execute(identity: SignInIdentity): Promise<{ user: User; created: boolean }> {
    const email = identity.email.trim().toLowerCase()
    return db.transaction(async (trx) => {
      let user =
        (identity.subjectId
          ? await User.query({ client: trx }).where('google_subject_id', identity.subjectId).first()
          : null) ?? (await User.query({ client: trx }).where('email', email).first())

      if (user?.suspendedAt) {
        throw new AppError('account_suspended', LOGIN_ERRORS.account_suspended, 403)
      }

      const created = !user
      user ??= new User()
      user.useTransaction(trx)
      user.merge({
        email,
        firstName: visibleName(identity.firstName) ?? user.firstName ?? null,
        lastName: visibleName(identity.lastName) ?? user.lastName ?? null,
        avatarUrl: identity.avatarUrl ?? user.avatarUrl ?? null,
        googleSubjectId: identity.subjectId ?? user.googleSubjectId ?? null,
      })
      if (created) {
        user.role = 'user'
        user.createdAt = DateTime.utc()
      }
      await user.save()
      return { user, created }
    })
  }
}

function visibleName(name: string | null): string | null {
  return name === null ? null : cleanUserEnteredName(name) || null
}
