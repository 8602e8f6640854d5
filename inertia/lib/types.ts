/**
 * Shapes of the JSON the screens read (spec §3), mirroring the server's transformers:
 * app/accounts/transformers/session_user.ts, app/accounts/transformers/plan.ts,
 * app/keys/transformers.ts, app/usage/actions/*.
 */

export interface SessionPlan {
  id: string
  name: string
  /** Dollars per month. */
  price: number
  requestLimit: number
}

export interface SessionUser {
  id: number
  email: string
  firstName: string | null
  lastName: string | null
  avatarUrl?: string | null
  role: string
  createdAt: string | null
  apiTokensCount: number
  subscription: {
    status: string
    trialEnd?: string | null
    currentPeriodEnd?: string | null
    cancelAtPeriodEnd?: boolean
    /** The change scheduled for the period end (a downgrade, or the move to Free). */
    pendingChange?: { plan: { id: string; name: string }; at: string | null } | null
    plan: SessionPlan
  } | null
}

/** GET /api/plans item; `price` in dollars, `priceCents` in cents. */
export interface PublicPlan {
  id: string
  name: string
  landingName: string
  price: number
  priceCents: number
  currency: string
  requestLimit: number
  features: string[]
  limitations: string[]
  popular: boolean
}

/** GET /api/tokens item; `token` is the masked display form. */
export interface ListedApiKey {
  id: number
  name: string | null
  token: string
  createdAt: string | null
  lastUsedAt: string | null
}

/** POST /api/tokens answer; `token` is the full key, shown once. */
export interface CreatedApiKey {
  id: number
  name: string | null
  token: string
  createdAt: string | null
}

/** GET /api/usage */
export interface AccountUsage {
  total: number
  limit: number | null
  remaining?: number
  period?: string
  resetsAt?: string
  plan?: { id: string; name: string }
}

/** GET /api/recent-calls item; `responseTime` in ms. */
export interface RecentCall {
  id: number
  method: string
  endpoint: string
  statusCode: number
  responseTime: number
  createdAt: string
}
