import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '~/lib/api'
import { toast } from '~/hooks/use_toast'
import type { CliSession } from '#keys/types'

export type { CliSession }

/** Query key of the CLI sessions list (GET /api/cli-sessions). */
export const CLI_SESSIONS_KEY = ['/api/cli-sessions'] as const

/** The user's CLI sign-ins (device sign-in tokens), newest first. */
export function useCliSessions(enabled = true) {
  return useQuery<CliSession[]>({ queryKey: CLI_SESSIONS_KEY, enabled })
}

/** DELETE /api/cli-sessions/{id}: the CLI on that device is signed out at once. */
export function useRevokeCliSession() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/cli-sessions/${id}`),
    onSuccess: () => {
      toast({ title: 'CLI Session Revoked' })
      queryClient.invalidateQueries({ queryKey: CLI_SESSIONS_KEY })
    },
    meta: { errorToast: { description: 'Failed to revoke the CLI session. Please try again.' } },
  })
}
