import { Link, router } from '@inertiajs/react'
import { Popover } from 'radix-ui'
import { Bell, Loader2 } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { Skeleton } from '~/components/ui/skeleton'
import { useBellNotifications, useMarkNotificationsRead } from '~/hooks/use_notifications'
import { formatDateTime } from '~/lib/format'
import { cn } from '~/lib/utils'
import type { AlertNotification } from '~/types'

/**
 * The notification centre in the shell: a bell with the unread count that opens the 10
 * newest notifications (kept live by the shell's SSE subscription), with Mark all as read and
 * a link to the Alerts page. Rendered only for plans with Performance Alerts.
 */
export function NotificationBell({ align = 'start' }: { align?: 'start' | 'end' }) {
  const { data, isPending, isError, refetch } = useBellNotifications(true)
  const markRead = useMarkNotificationsRead()
  const unread = data?.unreadCount ?? 0

  function open(notification: AlertNotification) {
    if (!notification.readAt) markRead.mutate({ ids: [notification.id] })
    if (notification.url) router.visit(notification.url)
  }

  return (
    <Popover.Root>
      <Popover.Trigger
        data-testid="notification-bell"
        className="relative rounded-md p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
      >
        <Bell className="size-5" aria-hidden="true" />
        <span className="sr-only">Notifications{unread > 0 ? `, ${unread} unread` : ''}</span>
        {unread > 0 && (
          <span
            data-testid="notification-unread-count"
            aria-hidden="true"
            className="absolute -right-0.5 -top-0.5 grid min-w-5 place-items-center rounded-full bg-red-600 px-1 text-[11px] font-semibold leading-5 text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align={align}
          sideOffset={8}
          collisionPadding={16}
          className="z-50 w-[min(24rem,calc(100vw-2rem))] rounded-xl border border-slate-200 bg-white shadow-xl focus:outline-none"
        >
          <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
            <h2 className="text-sm font-semibold text-slate-900">Notifications</h2>
            <Button
              variant="link"
              size="sm"
              className="h-auto px-0"
              disabled={unread === 0 || markRead.isPending}
              onClick={() => markRead.mutate({ all: true })}
            >
              {markRead.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
              Mark all as read
            </Button>
          </div>
          <div className="max-h-[min(26rem,60vh)] overflow-y-auto">
            {isPending ? (
              <div className="grid gap-3 p-4" aria-label="Loading notifications">
                <Skeleton className="h-12" />
                <Skeleton className="h-12" />
              </div>
            ) : isError ? (
              <div className="p-4 text-sm text-slate-700">
                <p>Notifications could not be loaded.</p>
                <Button variant="outline" size="sm" className="mt-2" onClick={() => refetch()}>
                  Try again
                </Button>
              </div>
            ) : data.notifications.length === 0 ? (
              <p className="p-6 text-center text-sm text-slate-600">No notifications yet</p>
            ) : (
              <ul data-testid="notification-list" className="divide-y divide-slate-100">
                {data.notifications.map((notification) => (
                  <li key={notification.id}>
                    <button
                      type="button"
                      onClick={() => open(notification)}
                      className={cn(
                        'block w-full px-4 py-3 text-left hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-none',
                        !notification.readAt && 'bg-indigo-50/60'
                      )}
                    >
                      <span className="flex items-start gap-2">
                        {!notification.readAt && (
                          <span className="mt-1.5 size-2 shrink-0 rounded-full bg-indigo-600">
                            <span className="sr-only">Unread: </span>
                          </span>
                        )}
                        <span className="min-w-0 flex-1">
                          <span className="block text-sm font-medium [overflow-wrap:anywhere] text-slate-900">
                            {notification.title}
                          </span>
                          <span className="mt-0.5 line-clamp-2 block text-xs [overflow-wrap:anywhere] text-slate-600">
                            {notification.message}
                          </span>
                          <span className="mt-1 block text-xs text-slate-500">
                            {formatDateTime(notification.occurredAt)}
                          </span>
                        </span>
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div className="border-t border-slate-200 px-4 py-2 text-right">
            <Popover.Close asChild>
              <Link href="/alerts" className="text-sm font-medium text-indigo-700 hover:underline">
                View all alerts and preferences
              </Link>
            </Popover.Close>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  )
}
