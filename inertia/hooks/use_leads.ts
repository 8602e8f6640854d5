import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '~/lib/api'
import { toast } from '~/hooks/use_toast'
import type {
  CreatedLeadForwarding,
  LeadDeliveryList,
  LeadFormList,
  LeadForwardingList,
  LeadList,
} from '~/types'

const FORWARDINGS_KEY = ['/api/actions/list_lead_forwardings'] as const
const DELIVERIES_KEY = ['/api/actions/list_lead_deliveries?limit=50'] as const

/**
 * list_lead_forms (live from Meta) when `enabled`; `fresh` fetches again on mount (the Forms
 * tab: its stored-lead counts change once the Leads tab has pulled new leads).
 */
export function useLeadForms(enabled: boolean, fresh = false) {
  return useQuery<LeadFormList>({
    queryKey: ['/api/actions/list_lead_forms'],
    enabled,
    ...(fresh ? { refetchOnMount: 'always' as const } : {}),
    meta: { errorToast: { description: 'Failed to load lead forms.' } },
  })
}

/** One page of list_leads (newest first), optionally of one form; `before` is a nextCursor. */
export function useLeads(enabled: boolean, formId: string, before: number | null) {
  const query = new URLSearchParams({ limit: '25' })
  if (formId) query.set('formId', formId)
  if (before) query.set('before', String(before))
  return useQuery<LeadList>({
    queryKey: [`/api/actions/list_leads?${query}`],
    enabled,
    meta: { errorToast: { description: 'Failed to load leads.' } },
  })
}

export function useLeadForwardings(enabled: boolean) {
  return useQuery<LeadForwardingList>({
    queryKey: FORWARDINGS_KEY,
    enabled,
    meta: { errorToast: { description: 'Failed to load forwarding destinations.' } },
  })
}

/** create_lead_forwarding; the answer carries the signing secret (shown once). */
export function useCreateLeadForwarding(onCreated: (created: CreatedLeadForwarding) => void) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: { name: string; url: string; formIds?: string[] }) =>
      api.post<CreatedLeadForwarding>('/api/actions/create_lead_forwarding', input),
    meta: {
      errorToast: {
        description: 'Failed to add the destination. Please try again.',
        preferServerMessage: true,
      },
    },
    onSuccess: (created) => {
      onCreated(created)
      queryClient.invalidateQueries({ queryKey: FORWARDINGS_KEY })
      toast({ title: 'Destination Added' })
    },
  })
}

export function useDeleteLeadForwarding() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => api.post('/api/actions/delete_lead_forwarding', { id }),
    meta: { errorToast: { description: 'Failed to delete the destination. Please try again.' } },
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: FORWARDINGS_KEY })
      toast({ title: 'Destination Deleted' })
    },
  })
}

export function useLeadDeliveries(enabled: boolean) {
  return useQuery<LeadDeliveryList>({
    queryKey: DELIVERIES_KEY,
    enabled,
    meta: { errorToast: { description: 'Failed to load the delivery log.' } },
  })
}
