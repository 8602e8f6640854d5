import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '~/lib/api'
import { toast } from '~/hooks/use_toast'
import type {
  AlertDeliveryList,
  AlertPreferences,
  AlertWebhookList,
  CreatedAlertWebhook,
  NotificationList,
} from '~/types'

export const PAGE_LIST_KEY = ['/api/actions/list_notifications?limit=50'] as const
export const PREFERENCES_KEY = ['/api/actions/get_alert_preferences'] as const
export const WEBHOOKS_KEY = ['/api/actions/list_alert_webhooks'] as const
export const DELIVERIES_KEY = ['/api/actions/list_alert_deliveries?limit=50'] as const

/** The 50 newest notifications (the Alerts page). */
export function useAllNotifications() {
  return useQuery<NotificationList>({
    queryKey: PAGE_LIST_KEY,
    meta: { errorToast: { description: 'Failed to load notifications.' } },
  })
}

export function useAlertPreferences() {
  return useQuery<AlertPreferences>({
    queryKey: PREFERENCES_KEY,
    meta: { errorToast: { description: 'Failed to load alert preferences.' } },
  })
}

/** update_alert_preferences with the fields given; toasts 'Preferences Saved'. */
export function useUpdateAlertPreferences() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (change: Partial<AlertPreferences>) =>
      api.post<AlertPreferences>('/api/actions/update_alert_preferences', change),
    meta: { errorToast: { description: 'Failed to save alert preferences. Please try again.' } },
    onSuccess: (saved) => {
      queryClient.setQueryData(PREFERENCES_KEY, saved)
      toast({ title: 'Preferences Saved' })
    },
  })
}

export function useAlertWebhooks() {
  return useQuery<AlertWebhookList>({
    queryKey: WEBHOOKS_KEY,
    meta: { errorToast: { description: 'Failed to load webhooks.' } },
  })
}

/** create_alert_webhook; the answer carries the signing secret (shown once). */
export function useCreateAlertWebhook(onCreated: (created: CreatedAlertWebhook) => void) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: { name: string; format: 'slack' | 'json'; url: string }) =>
      api.post<CreatedAlertWebhook>('/api/actions/create_alert_webhook', input),
    meta: { errorToast: { description: 'Failed to add the webhook. Please try again.' } },
    onSuccess: (created) => {
      onCreated(created)
      queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY })
      toast({ title: 'Webhook Added' })
    },
  })
}

export function useDeleteAlertWebhook() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => api.post('/api/actions/delete_alert_webhook', { id }),
    meta: { errorToast: { description: 'Failed to delete the webhook. Please try again.' } },
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY })
      toast({ title: 'Webhook Deleted' })
    },
  })
}

export function useAlertDeliveries() {
  return useQuery<AlertDeliveryList>({
    queryKey: DELIVERIES_KEY,
    meta: { errorToast: { description: 'Failed to load the delivery log.' } },
  })
}
