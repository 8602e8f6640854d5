import { useEffect } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { router } from '@inertiajs/react'
import { api } from '~/lib/api'
import { handleUnauthorized } from '~/lib/unauthorized'
import { toast } from '~/hooks/use_toast'
import type { CreatedApiKey, ListedApiKey } from '~/lib/types'

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

/** The user's keys (masked). A 401 follows the spec's unauthorized rule. */
export function useApiKeys(enabled = true) {
  const query = useQuery<ListedApiKey[]>({ queryKey: TOKENS_KEY, enabled })
  useEffect(() => {
    if (query.error) handleUnauthorized(query.error)
  }, [query.error])
  return query
}

/** POST /api/tokens {name}; toasts 'API Key Generated' or the spec's failure text. */
export function useGenerateApiKey(onCreated: (key: CreatedApiKey) => void) {
  const refresh = useRefreshKeys()
  return useMutation({
    mutationFn: (name: string = 'API Key') => api.post<CreatedApiKey>('/api/tokens', { name }),
    onSuccess: (created) => {
      onCreated(created)
      toast({ title: 'API Key Generated' })
      refresh()
    },
    onError: (error) => {
      if (handleUnauthorized(error)) return
      toast({
        title: 'Error',
        description: 'Failed to generate API key. Please try again.',
        variant: 'destructive',
      })
    },
  })
}

/** DELETE /api/tokens/{id}; toasts 'Token Revoked' or 'Failed to revoke token. Please try again.' */
export function useRevokeApiKey() {
  const refresh = useRefreshKeys()
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/tokens/${id}`),
    onSuccess: () => {
      toast({ title: 'Token Revoked' })
      refresh()
    },
    onError: (error) => {
      if (handleUnauthorized(error)) return
      toast({
        title: 'Error',
        description: 'Failed to revoke token. Please try again.',
        variant: 'destructive',
      })
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
    onSuccess: () => {
      toast({ title: 'All Tokens Revoked' })
      refresh()
    },
    onError: (error) => {
      if (handleUnauthorized(error)) return
      toast({
        title: 'Error',
        description: 'Failed to revoke tokens. Please try again.',
        variant: 'destructive',
      })
    },
  })
}
