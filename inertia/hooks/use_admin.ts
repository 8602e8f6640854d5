import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '~/lib/api'
import { toast } from '~/hooks/use_toast'
import { usersUrl } from '~/lib/admin'
import type {
  AdminCreateInvitationCodeInput,
  AdminUser,
  AdminUserDetail,
  AuditLogPage,
  InvitationCodeView,
  ListUsersResult,
  PlatformStats,
  SuspensionResult,
} from '~/types'

const STATS_KEY = ['/api/admin/stats'] as const
const CODES_KEY = ['/api/admin/invitation-codes'] as const
/** Prefixes used to invalidate every page of a list. */
const USERS_PREFIX = 'admin-users'
const AUDIT_PREFIX = 'admin-audit'

/**
 * The toast of a failed admin call: the server's message, else `fallback`. A 401 and a 403
 * `admin_required` follow the shared rules instead (~/lib/call_errors: sign-in, Access Denied).
 */
function adminError(fallback: string) {
  return { description: fallback, preferServerMessage: true }
}

function useAdminQuery<T>(
  queryKey: readonly unknown[],
  url: string,
  enabled: boolean,
  fallback: string,
  keepPrevious = false
) {
  return useQuery<T>({
    queryKey,
    queryFn: ({ signal }) => api.get<T>(url, signal),
    enabled,
    placeholderData: keepPrevious ? keepPreviousData : undefined,
    meta: { errorToast: adminError(fallback) },
  })
}

/** GET /api/admin/stats */
export function useAdminStats(enabled: boolean) {
  return useAdminQuery<PlatformStats>(
    STATS_KEY,
    STATS_KEY[0],
    enabled,
    'Failed to load platform statistics.'
  )
}

/** GET /api/admin/users?search=&page=&perPage= (keeps the previous page on screen while loading). */
export function useAdminUsers(search: string, page: number, perPage: number, enabled: boolean) {
  const url = usersUrl(search, page, perPage)
  return useAdminQuery<ListUsersResult>(
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
    meta: {
      errorToast: ({ suspend }: { suspend: boolean }) =>
        adminError(
          suspend
            ? 'Failed to suspend the user. Please try again.'
            : 'Failed to unsuspend the user. Please try again.'
        ),
    },
    onSuccess: (_result, { user, suspend }) => {
      toast({
        title: suspend ? 'User Suspended' : 'User Unsuspended',
        description: suspend
          ? `${user.displayName} has been signed out and can no longer sign in or use API keys.`
          : `${user.displayName} can sign in and use API keys again.`,
      })
      refresh()
    },
  })
}

/** POST /api/admin/invitation-codes */
export function useCreateInvitationCode(onCreated?: (code: InvitationCodeView) => void) {
  const refresh = useRefreshAdmin()
  return useMutation({
    mutationFn: (input: AdminCreateInvitationCodeInput) =>
      api.post<InvitationCodeView>('/api/admin/invitation-codes', input),
    meta: { errorToast: adminError('Failed to create the invitation code. Please try again.') },
    onSuccess: (created) => {
      toast({ title: 'Invitation Code Created', description: `${created.code} is ready to share.` })
      refresh({ codes: true })
      onCreated?.(created)
    },
  })
}

/** POST /api/admin/invitation-codes/:id/disable */
export function useDisableInvitationCode() {
  const refresh = useRefreshAdmin()
  return useMutation({
    mutationFn: (code: InvitationCodeView) =>
      api.post<InvitationCodeView>(`/api/admin/invitation-codes/${code.id}/disable`),
    meta: { errorToast: adminError('Failed to disable the invitation code. Please try again.') },
    onSuccess: (disabled) => {
      toast({
        title: 'Invitation Code Disabled',
        description: `${disabled.code} can no longer be redeemed.`,
      })
      refresh({ codes: true })
    },
  })
}
