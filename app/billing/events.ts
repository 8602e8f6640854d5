/**
 * Domain events of the billing module, emitted with the AdonisJS emitter
 * (`await emitter.emit(...)`: listeners have run when it resolves). Other modules react to
 * them instead of billing calling into those modules.
 */

/** A user's subscription row changed in a way that may change the plan in effect. */
export interface SubscriptionChanged {
  userId: number
}

declare module '@adonisjs/core/types' {
  interface EventsList {
    /** Listened to by keys: cached key outcomes carry the plan and its request limit. */
    'subscription:changed': SubscriptionChanged
  }
}
