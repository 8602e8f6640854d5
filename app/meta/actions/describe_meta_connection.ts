import MetaConnection from '#meta/models/meta_connection'

/** A user's Meta connection as an operator sees it (admin user detail): never the access token. */
export interface MetaConnectionSummary {
  /** True while the stored token is usable: status `connected` and not past its expiry. */
  connected: boolean
  /** `none` (never connected), `connected`, `expired`, or `reconnect_required` (Meta refused the token). */
  state: 'none' | 'connected' | 'expired' | 'reconnect_required'
  name: string | null
  /** Meta's app-scoped user id. */
  userId: string | null
  isLongLived: boolean | null
  expiresAt: string | null
  sandbox: boolean
}

/**
 * Describes a user's Meta connection (the `meta_connections` row) for the admin detail
 * panel, so other modules never read the model. Only descriptive columns are read; the
 * sealed access token is never selected. `now` decides `expired`.
 */
export class DescribeMetaConnection {
  async execute(userId: number, now: Date = new Date()): Promise<MetaConnectionSummary> {
    const connection = await MetaConnection.query()
      .where('user_id', userId)
      .select('id', 'meta_user_id', 'name', 'is_long_lived', 'expires_at', 'status', 'sandbox')
      .first()
    if (!connection) {
      return {
        connected: false,
        state: 'none',
        name: null,
        userId: null,
        isLongLived: null,
        expiresAt: null,
        sandbox: false,
      }
    }
    const expired =
      connection.expiresAt !== null && connection.expiresAt.toMillis() <= now.getTime()
    const state =
      connection.status === 'reconnect_required'
        ? 'reconnect_required'
        : expired
          ? 'expired'
          : 'connected'
    return {
      connected: state === 'connected',
      state,
      name: connection.name,
      userId: connection.metaUserId,
      isLongLived: connection.isLongLived,
      expiresAt: connection.expiresAt?.toUTC().toISO() ?? null,
      sandbox: connection.sandbox,
    }
  }
}
