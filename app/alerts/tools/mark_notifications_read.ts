import { z } from 'zod'
import { defineAction } from '#registry/define_action'
import { MarkNotificationsRead } from '#alerts/actions/mark_notifications_read'
import { ALERTS_FEATURE } from '#alerts/tools/schemas'

/** `mark_notifications_read` (plan feature performance_alerts) */
export const markNotificationsRead = defineAction({
  module: 'alerts',
  name: 'mark_notifications_read',
  title: 'Mark notifications read',
  description:
    'Marks notifications read: the given ids (from list_notifications), or every unread one with all: true. Returns how many changed and the unread count left. Marking an already-read notification again changes nothing.',
  input: z.object({
    ids: z
      .array(z.number().int().positive())
      .max(100)
      .optional()
      .describe('Notification ids to mark read (at most 100)'),
    all: z.boolean().optional().describe('Mark every unread notification read'),
  }),
  inputExample: { ids: [311, 312] },
  output: z.object({
    updated: z.number().int().describe('Notifications that changed from unread to read'),
    unreadCount: z.number().int().describe('Unread notifications left'),
  }),
  annotations: {
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  },
  feature: ALERTS_FEATURE,
  async handler(caller, input) {
    return new MarkNotificationsRead().execute(caller.userId, input)
  },
})
