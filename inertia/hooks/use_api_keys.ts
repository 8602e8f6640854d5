import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { router } from '@inertiajs/react'
import { api } from '~/lib/api'
import { toast } from '~/hooks/use_toast'
import type { CreatedApiKey, ListedApiKey } from '~/types'

/** Query key of the key list (GET /api/tokens). */
export const TOKENS_KEY = ['/api/tokens'] as const

/** The confirm texts of spec §5. */
export const REVOKE_ONE_CONFIRM = 'Are you sure you want to revoke this API key?'
export const REVOKE_ALL_CONFIRM =
  'Are you sure you want to revoke ALL API keys? This action cannot be undone.'

/** Refreshes what depends on the key list: the list itself and the shared `user` prop (key count). */
function useRefreshKeys() {
  const queryClient = useQueryClient()
  return () => {
    queryClient.invalidateQueries({ queryKey: TOKENS_KEY })
    router.reload({ only: ['user'] })
  }
}

/** The user's keys (masked). Failures follow the shared error rules (~/lib/call_errors). */
export function useApiKeys(enabled = true) {
  return useQuery<ListedApiKey[]>({ queryKey: TOKENS_KEY, enabled })
}

/** POST /api/tokens {name}; toasts 'API Key Generated' or the spec's failure text. */
export function useGenerateApiKey(onCreated: (key: CreatedApiKey) => void) {
  const refresh = useRefreshKeys()
  return useMutation({
    mutationFn: (name: string = 'API Key') => api.post<CreatedApiKey>('/api/tokens', { name }),
    meta: { errorToast: { description: 'Failed to generate API key. Please try again.' } },
    onSuccess: (created) => {
      onCreated(created)
      toast({ title: 'API Key Generated' })
      refresh()
    },
  })
}

/**
 * PATCH /api/tokens/{id} {label, monthlyLimit} (issue 17 client keys); null clears one.
 * Errors stay in the dialog (no toast): a limit above the quota is the user's to fix there.
 */
export function useUpdateApiKey() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({
      id,
      ...changes
    }: {
      id: number
      label: string | null
      monthlyLimit: number | null
    }) => api.patch<ListedApiKey>(`/api/tokens/${id}`, changes),
    onSuccess: () => {
      toast({ title: 'Key Updated' })
      queryClient.invalidateQueries({ queryKey: TOKENS_KEY })
    },
  })
}

/** DELETE /api/tokens/{id}; toasts 'Token Revoked' or 'Failed to revoke token. Please try again.' */
export function useRevokeApiKey() {
  const refresh = useRefreshKeys()
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/tokens/${id}`),
    meta: { errorToast: { description: 'Failed to revoke token. Please try again.' } },
    onSuccess: () => {
      toast({ title: 'Token Revoked' })
      refresh()
    },
  })
}

/**
 * DELETE /api/tokens: revokes every key and ends the user's other browser sessions;
 * toasts 'All Tokens Revoked' or 'Failed to revoke tokens. Please try again.'
 */
export function useRevokeAllApiKeys() {
  const refresh = useRefreshKeys()
  return useMutation({
    mutationFn: () => api.delete<{ revoked: number; sessionsEnded?: number }>('/api/tokens'),
    meta: { errorToast: { description: 'Failed to revoke tokens. Please try again.' } },
    onSuccess: () => {
      toast({ title: 'All Tokens Revoked' })
      refresh()
    },
  })
}
