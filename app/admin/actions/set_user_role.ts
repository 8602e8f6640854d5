import db from '@adonisjs/lucid/services/db'
import User, { type UserRole } from '#accounts/models/user'
import { AuditLog } from '#admin/services/audit_log'

/**
 * Sets a user's role by email (case-insensitive), from the command line
 * (`users:promote` / `users:demote`). A change is written to the admin audit log with the
 * actor `cli`, in the same transaction. Returns the user, or null when no user has the email.
 */
export async function setUserRole(email: string, role: UserRole): Promise<User | null> {
  return db.transaction(async (trx) => {
    const user = await User.query({ client: trx })
      .where('email', email.trim().toLowerCase())
      .first()
    if (!user) return null
    if (user.role === role) return user
    user.role = role
    await user.save()
    await new AuditLog().record(
      {
        actor: 'cli',
        action: role === 'admin' ? 'user.promoted' : 'user.demoted',
        target: { type: 'user', id: user.id, label: user.email },
      },
      trx
    )
    return user
  })
}
