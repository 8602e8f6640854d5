/**
 * Display helpers of the admin page. The shapes it reads come from the server (~/types).
 */
import type { InvitationCodeView } from '~/types'

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
    'user.data_exported': "Exported a user's data",
    'user.deleted': 'Deleted account',
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
