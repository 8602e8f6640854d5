/**
 * Domain events of the admin module, emitted with the AdonisJS emitter
 * (`await emitter.emit(...)`: listeners have run when it resolves).
 */

/** An operator suspended or unsuspended an account. */
export interface UserSuspensionChanged {
  userId: number
}

declare module '@adonisjs/core/types' {
  interface EventsList {
    /** Listened to by keys: a suspended user's keys answer 403 `account_suspended`. */
    'user:suspended': UserSuspensionChanged
    'user:unsuspended': UserSuspensionChanged
  }
}
