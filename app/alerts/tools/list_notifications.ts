import { z } from 'zod'
import { defineAction } from '#registry/define_action'
import { ListNotifications } from '#alerts/actions/list_notifications'
import {
  ALERTS_FEATURE,
  notificationSchema,
  pageInputs,
  readAnnotations,
} from '#alerts/tools/schemas'

/** `list_notifications` (plan feature performance_alerts) */
export const listNotifications = defineAction({
  module: 'alerts',
  name: 'list_notifications',
  title: 'List notifications',
  description:
    "Lists the account's in-app notifications (alerts: automated rules that fired or wait for approval, spend above the threshold, Meta token expiring or invalid, API quota at 80 % and 100 %, leads received), newest first, with the unread count. Use unreadOnly to see only what is new; page with before = nextCursor.",
  input: z.object({
    unreadOnly: z.boolean().optional().describe('Only unread notifications (default false)'),
    ...pageInputs,
  }),
  inputExample: { unreadOnly: true, limit: 20 },
  output: z.object({
    notifications: z.array(notificationSchema),
    unreadCount: z.number().int().describe('Unread notifications in all'),
    nextCursor: z.number().int().nullable().describe('Pass as before for the next page'),
  }),
  annotations: readAnnotations,
  feature: ALERTS_FEATURE,
  async handler(caller, input) {
    return new ListNotifications().execute(caller.userId, input)
  },
})
