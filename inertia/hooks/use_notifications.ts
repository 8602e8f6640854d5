import { useEffect } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, readCsrfToken } from '~/lib/api'
import type { NotificationBroadcast, NotificationList } from '~/types'

/** Query key of the bell's list (the 10 newest, with the unread count). */
export const BELL_KEY = ['/api/actions/list_notifications?limit=10'] as const
/** Prefix shared by every notification listing (the bell and the Alerts page). */
const LIST_PREFIX = '/api/actions/list_notifications'

/** The bell's notifications; only for plans with Performance Alerts. */
export function useBellNotifications(enabled: boolean) {
  return useQuery<NotificationList>({
    queryKey: BELL_KEY,
    enabled,
    meta: { errorToast: { description: 'Failed to load notifications.' } },
  })
}

/**
 * Subscribes to the user's live notification channel (Server-Sent Events through
 * @adonisjs/transmit): a new notification is put at the top of the bell's list with the new
 * unread count, and other listings are refreshed. Mount once (the shell does). The Transmit
 * client is loaded when the subscription starts, after the page has rendered.
 */
export function useLiveNotifications(userId: number | null, enabled: boolean) {
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!enabled || userId === null || typeof window === 'undefined') return
    let stopped = false
    let close = () => {}
    import('@adonisjs/transmit-client')
      .then(({ Transmit }) => {
        if (stopped) return
        const transmit = new Transmit({
          baseUrl: window.location.origin,
          beforeSubscribe: (request: Request) => {
            const csrf = readCsrfToken()
            if (csrf) request.headers.set('X-XSRF-TOKEN', csrf)
          },
        })
        const subscription = transmit.subscription(`users/${userId}/notifications`)
        const stop = subscription.onMessage<NotificationBroadcast>((message) => {
          queryClient.setQueryData<NotificationList>(BELL_KEY, (old) => {
            const incoming = { ...message.notification, data: {}, readAt: null }
            const rest = (old?.notifications ?? []).filter((item) => item.id !== incoming.id)
            return {
              notifications: [incoming, ...rest].slice(0, 10),
              unreadCount: message.unreadCount,
              nextCursor: old?.nextCursor ?? null,
            }
          })
          queryClient.invalidateQueries({
            predicate: (query) =>
              String(query.queryKey[0]).startsWith(LIST_PREFIX) &&
              query.queryKey[0] !== BELL_KEY[0],
          })
        })
        subscription.create().catch(() => {})
        close = () => {
          stop()
          subscription.delete().catch(() => {})
          transmit.close()
        }
      })
      .catch(() => {})
    return () => {
      stopped = true
      close()
    }
  }, [enabled, userId, queryClient])
}

/** Marks notifications read (`ids`, or `all`), then refreshes every listing. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: { ids?: number[]; all?: boolean }) =>
      api.post<{ updated: number; unreadCount: number }>(
        '/api/actions/mark_notifications_read',
        input
      ),
    meta: { errorToast: { description: 'Failed to mark notifications as read.' } },
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (query) => String(query.queryKey[0]).startsWith(LIST_PREFIX),
      }),
  })
}
