import { inject } from '@adonisjs/core'
import { SessionCollection } from '@adonisjs/session'

/**
 * Ends a user's browser sessions through the server-side store's user tags (sessions are
 * tagged with the user id at sign-in). Works with the database and Redis stores. Used by
 * suspension (admin) and "revoke all" (keys).
 */
@inject()
export class EndUserSessions {
  constructor(private sessions: SessionCollection) {}

  /** Destroys every session of `userId` except `keepSessionId`; returns how many ended. */
  async execute(userId: number, keepSessionId?: string): Promise<number> {
    const tagged = await this.sessions.tagged(String(userId))
    const others = tagged.filter((entry) => entry.id !== keepSessionId)
    await Promise.all(others.map((entry) => this.sessions.destroy(entry.id)))
    return others.length
  }
}
