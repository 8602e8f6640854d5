import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '~/lib/api'
import { toast } from '~/hooks/use_toast'
import type { MetaAdAccount, MetaStatus } from '~/types'

export const META_STATUS_KEY = ['/api/meta/status']
export const META_AD_ACCOUNTS_KEY = ['/api/meta/ad-accounts']

/**
 * GET /api/meta/status (spec §7): the one query of the Meta connection, shared by every page
 * under one key. A failed load is an error (never cached as "not connected"), and the next
 * page that needs it asks again.
 */
export function useMetaStatus(enabled = true) {
  return useQuery<MetaStatus>({ queryKey: META_STATUS_KEY, enabled })
}

/** GET /api/meta/ad-accounts: the ad accounts the connection can see. */
export function useMetaAdAccounts(enabled: boolean) {
  return useQuery<{ adAccounts: MetaAdAccount[] }>({ queryKey: META_AD_ACCOUNTS_KEY, enabled })
}

/** DELETE /api/meta/disconnect; toasts 'Disconnected' or the spec's failure message (§8). */
export function useDisconnectMeta() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api.delete('/api/meta/disconnect'),
    meta: { errorToast: { description: 'Failed to disconnect Meta account. Please try again.' } },
    onSuccess: async () => {
      toast({ title: 'Disconnected', description: 'Your Meta account has been disconnected.' })
      queryClient.removeQueries({ queryKey: META_AD_ACCOUNTS_KEY })
      await queryClient.invalidateQueries({ queryKey: META_STATUS_KEY })
    },
  })
}
