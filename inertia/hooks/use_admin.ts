import { useEffect } from 'react'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, ApiError } from '~/lib/api'
import { handleUnauthorized } from '~/lib/unauthorized'
import { toast } from '~/hooks/use_toast'
import {
  ACCESS_DENIED_REDIRECT_DELAY_MS,
  ACCESS_DENIED_TOAST,
  adminUserName,
  usersUrl,
  type AdminStats,
  type AdminUser,
  type AdminUserDetail,
  type AdminUsersPage,
  type AuditLogPage,
  type InvitationCodeView,
  type SuspensionResult,
} from '~/lib/admin'

const STATS_KEY = ['/api/admin/stats'] as const
const CODES_KEY = ['/api/admin/invitation-codes'] as const
/** Prefixes used to invalidate every page of a list. */
const USERS_PREFIX = 'admin-users'
const AUDIT_PREFIX = 'admin-audit'

let denied = false

/**
 * Spec §6: 'Access Denied' / 'Admin access required.' and a full-page move to / after 500 ms.
 * Safe to call more than once.
 */
export function denyAdminAccess() {
  // Deferred one task: on a first render the Toaster subscribes to the toast store in an
  // effect that runs after the page's effects, and a toast raised before that is not shown.
  setTimeout(() => toast({ ...ACCESS_DENIED_TOAST, variant: 'destructive' }), 0)
  if (denied) return
  denied = true
  setTimeout(() => {
    window.location.href = '/'
  }, ACCESS_DENIED_REDIRECT_DELAY_MS)
}

/** The server's message of an `{error: {message}}` body, if any. */
function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined
  const body = error.body as { error?: { message?: unknown } } | null
  return typeof body?.error?.message === 'string' ? body.error.message : undefined
}

/**
 * One error rule for every admin call: 401 → the shared unauthorized rule, 403
 * `admin_required` → Access Denied, anything else → an 'Error' toast with the server's
 * message (or `fallback`).
 */
export function handleAdminError(error: unknown, fallback: string) {
  if (handleUnauthorized(error)) return
  if (error instanceof ApiError && error.status === 403 && error.code === 'admin_required') {
    denyAdminAccess()
    return
  }
  toast({ title: 'Error', description: serverMessage(error) ?? fallback, variant: 'destructive' })
}

function useAdminQuery<T>(
  queryKey: readonly unknown[],
  url: string,
  enabled: boolean,
  fallback: string,
  keepPrevious = false
) {
  const query = useQuery<T>({
    queryKey,
    queryFn: ({ signal }) => api.get<T>(url, signal),
    enabled,
    placeholderData: keepPrevious ? keepPreviousData : undefined,
  })
  useEffect(() => {
    if (query.error) handleAdminError(query.error, fallback)
  }, [query.error])
  return query
}

/** GET /api/admin/stats */
export function useAdminStats(enabled: boolean) {
  return useAdminQuery<AdminStats>(
    STATS_KEY,
    STATS_KEY[0],
    enabled,
    'Failed to load platform statistics.'
  )
}

/** GET /api/admin/users?search=&page=&perPage= (keeps the previous page on screen while loading). */
export function useAdminUsers(search: string, page: number, perPage: number, enabled: boolean) {
  const url = usersUrl(search, page, perPage)
  return useAdminQuery<AdminUsersPage>(
    [USERS_PREFIX, url],
    url,
    enabled,
    'Failed to load users.',
    true
  )
}

/** GET /api/admin/users/:id, only while a user is selected. */
export function useAdminUserDetail(userId: number | null) {
  const url = `/api/admin/users/${userId}`
  return useAdminQuery<AdminUserDetail>(
    [USERS_PREFIX, 'detail', userId],
    url,
    userId !== null,
    'Failed to load the user.'
  )
}

/** GET /api/admin/audit-log?page=&perPage= */
export function useAuditLog(page: number, perPage: number, enabled: boolean) {
  const url = `/api/admin/audit-log?page=${page}&perPage=${perPage}`
  return useAdminQuery<AuditLogPage>(
    [AUDIT_PREFIX, url],
    url,
    enabled,
    'Failed to load the audit log.',
    true
  )
}

/** GET /api/admin/invitation-codes */
export function useInvitationCodes(enabled: boolean) {
  return useAdminQuery<{ codes: InvitationCodeView[] }>(
    CODES_KEY,
    CODES_KEY[0],
    enabled,
    'Failed to load invitation codes.'
  )
}

/** Re-reads what an admin action changes: users, stats and the audit log. */
export function useRefreshAdmin() {
  const queryClient = useQueryClient()
  return (what: { codes?: boolean } = {}) => {
    queryClient.invalidateQueries({ queryKey: [USERS_PREFIX] })
    queryClient.invalidateQueries({ queryKey: STATS_KEY })
    queryClient.invalidateQueries({ queryKey: [AUDIT_PREFIX] })
    if (what.codes) queryClient.invalidateQueries({ queryKey: CODES_KEY })
  }
}

/** POST /api/admin/users/:id/suspend or /unsuspend; toasts the outcome. */
export function useSetSuspension() {
  const refresh = useRefreshAdmin()
  return useMutation({
    mutationFn: ({ user, suspend }: { user: AdminUser; suspend: boolean }) =>
      api.post<SuspensionResult>(
        `/api/admin/users/${user.id}/${suspend ? 'suspend' : 'unsuspend'}`
      ),
    onSuccess: (_result, { user, suspend }) => {
      toast({
        title: suspend ? 'User Suspended' : 'User Unsuspended',
        description: suspend
          ? `${adminUserName(user)} has been signed out and can no longer sign in or use API keys.`
          : `${adminUserName(user)} can sign in and use API keys again.`,
      })
      refresh()
    },
    onError: (error, { suspend }) =>
      handleAdminError(
        error,
        suspend
          ? 'Failed to suspend the user. Please try again.'
          : 'Failed to unsuspend the user. Please try again.'
      ),
  })
}

export interface NewInvitationCode {
  code?: string | null
  planId: string
  maxRedemptions: number
  grantDays?: number | null
  expiresAt?: string | null
  note?: string | null
}

/** POST /api/admin/invitation-codes */
export function useCreateInvitationCode(onCreated?: (code: InvitationCodeView) => void) {
  const refresh = useRefreshAdmin()
  return useMutation({
    mutationFn: (input: NewInvitationCode) =>
      api.post<InvitationCodeView>('/api/admin/invitation-codes', input),
    onSuccess: (created) => {
      toast({ title: 'Invitation Code Created', description: `${created.code} is ready to share.` })
      refresh({ codes: true })
      onCreated?.(created)
    },
    onError: (error) =>
      handleAdminError(error, 'Failed to create the invitation code. Please try again.'),
  })
}

/** POST /api/admin/invitation-codes/:id/disable */
export function useDisableInvitationCode() {
  const refresh = useRefreshAdmin()
  return useMutation({
    mutationFn: (code: InvitationCodeView) =>
      api.post<InvitationCodeView>(`/api/admin/invitation-codes/${code.id}/disable`),
    onSuccess: (disabled) => {
      toast({
        title: 'Invitation Code Disabled',
        description: `${disabled.code} can no longer be redeemed.`,
      })
      refresh({ codes: true })
    },
    onError: (error) =>
      handleAdminError(error, 'Failed to disable the invitation code. Please try again.'),
  })
}
