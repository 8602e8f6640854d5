/**
 * Shapes and pure rules of the admin page, mirroring app/admin (actions and transformers) and
 * app/billing/actions/list_invitation_codes.ts.
 */

/** GET /api/admin/stats; `monthlyRevenue` in cents of `currency`. */
export interface AdminStats {
  totalUsers: number
  activeSubscriptions: number
  monthlyRevenue: number
  currency: string
  apiCallsToday: number
}

/** An item of GET /api/admin/users. `subscription.status` is `none` without a subscription row. */
export interface AdminUser {
  id: number
  firstName: string | null
  lastName: string | null
  email: string
  role: string
  createdAt: string
  suspendedAt: string | null
  subscription: { plan: { id: string; name: string }; status: string; provider: string | null }
}

export interface PageMeta {
  total: number
  page: number
  perPage: number
  lastPage: number
}

export interface AdminUsersPage {
  users: AdminUser[]
  meta: PageMeta
}

export interface RecentCall {
  id: number
  method: string
  endpoint: string
  statusCode: number
  responseTime: number
  createdAt: string
}

/** GET /api/admin/users/:id */
export interface AdminUserDetail {
  user: AdminUser & { avatarUrl: string | null }
  subscription: {
    planId: string
    planName: string
    status: string
    provider: string
    trialEnd: string | null
    currentPeriodEnd: string | null
    cancelAtPeriodEnd: boolean
  } | null
  usage: {
    period: string
    total: number
    limit: number
    remaining: number
    resetsAt: string
    plan: { id: string; name: string }
  }
  apiKeys: { count: number; lastUsedAt: string | null }
  meta: {
    connected: boolean
    state: 'none' | 'connected' | 'expired' | 'reconnect_required'
    name: string | null
    userId: string | null
    isLongLived: boolean | null
    expiresAt: string | null
    sandbox: boolean
  }
  recentCalls: RecentCall[]
}

/** POST /api/admin/users/:id/suspend | unsuspend */
export interface SuspensionResult {
  userId: number
  suspendedAt: string | null
  changed: boolean
  sessionsEnded: number
}

export interface InvitationCodeView {
  id: number
  code: string
  planId: string
  grantDays: number
  maxRedemptions: number
  redemptionCount: number
  expiresAt: string | null
  disabled: boolean
  disabledAt: string | null
  expired: boolean
  usedUp: boolean
  note: string | null
  createdAt: string
}

export interface AuditEntry {
  id: number
  action: string
  actor: { id: number | null; email: string }
  target: { type: string; id: string; label: string | null } | null
  details: Record<string, unknown>
  createdAt: string
}

export interface AuditLogPage {
  entries: AuditEntry[]
  meta: PageMeta
}

/** The 'Access Denied' toast of spec §6, and the delay before going to / (ms). */
export const ACCESS_DENIED_TOAST = {
  title: 'Access Denied',
  description: 'Admin access required.',
} as const
export const ACCESS_DENIED_REDIRECT_DELAY_MS = 500

/** Cents → `$1,234.00` (the platform sells in USD). */
export function formatMoney(cents: number, currency = 'usd'): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
  }).format(cents / 100)
}

/** `Jan 5, 2025`, or `—` for none. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—'
  return new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  })
}

/** `Jan 5, 2025, 14:03`, or `—` for none. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—'
  return new Date(iso).toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  })
}

/** "First Last", or the email when no name is known. */
export function adminUserName(user: Pick<AdminUser, 'firstName' | 'lastName' | 'email'>): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.email
}

/**
 * The table's Status column (spec: Active or Inactive): Active for a paid plan whose
 * subscription is `active` or `trialing`, the same rule as the PRO badge (~/lib/subscription).
 */
export function isActiveSubscription(user: Pick<AdminUser, 'subscription'>): boolean {
  const { status, plan } = user.subscription
  return (status === 'active' || status === 'trialing') && plan.id !== 'free'
}

/** Readable text for an audit action. */
export function auditActionLabel(action: string): string {
  const labels: Record<string, string> = {
    'user.suspended': 'Suspended user',
    'user.unsuspended': 'Unsuspended user',
    'user.promoted': 'Promoted to admin',
    'user.demoted': 'Removed admin role',
    'invitation_code.created': 'Created invitation code',
    'invitation_code.disabled': 'Disabled invitation code',
    'users.exported': 'Exported users (CSV)',
  }
  return labels[action] ?? action
}

/** The status word of an invitation code, most decisive first. */
export function invitationCodeStatus(
  code: InvitationCodeView
): 'Disabled' | 'Expired' | 'Used up' | 'Active' {
  if (code.disabled) return 'Disabled'
  if (code.expired) return 'Expired'
  if (code.usedUp) return 'Used up'
  return 'Active'
}

/** Query-string URL of the users list. */
export function usersUrl(search: string, page: number, perPage: number): string {
  const params = new URLSearchParams({ page: String(page), perPage: String(perPage) })
  if (search.trim()) params.set('search', search.trim())
  return `/api/admin/users?${params}`
}

/** URL of the CSV export of the users matching `search`. */
export function exportUrl(search: string): string {
  return search.trim()
    ? `/api/admin/users/export?${new URLSearchParams({ search: search.trim() })}`
    : '/api/admin/users/export'
}
