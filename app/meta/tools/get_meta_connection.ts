import { z } from 'zod'
import app from '@adonisjs/core/services/app'
import { defineAction } from '#registry/define_action'
import { GetMetaConnection } from '#meta/actions/get_meta_connection'

/** `get_meta_connection`: is a Meta ads account connected, and is the connection healthy. */
export const getMetaConnection = defineAction({
  module: 'meta',
  name: 'get_meta_connection',
  title: 'Get Meta connection',
  description:
    "Tells whether the user has connected a Meta (Facebook/Instagram) ads account and whether the connection still works: the Meta user's name and id, token type (long-lived ~60 days or short-lived ~1 hour), expiry, whether it expires within 7 days, and whether the user must reconnect (token revoked or expired). Call this first when another Meta tool answers meta_not_connected or meta_token_invalid; the user fixes both on the Integrations page (/integrations).",
  input: z.object({}),
  inputExample: {},
  output: z.object({
    connected: z.boolean(),
    status: z.enum(['connected', 'reconnect_required', 'not_connected']),
    reconnectRequired: z.boolean(),
    name: z.string().nullable().describe('Meta user name'),
    userId: z.string().nullable().describe('Meta user id'),
    isLongLived: z.boolean(),
    expiresAt: z
      .string()
      .nullable()
      .describe('ISO 8601 UTC; null when not connected or never expires'),
    expiresSoon: z.boolean().describe('Expires within 7 days'),
    scopes: z.array(z.string()),
    missingScopes: z
      .array(z.string())
      .describe("Permissions the account's plan needs that the connection was not granted"),
    leadAccess: z
      .enum(['granted', 'missing', 'unknown'])
      .describe('Whether leads_retrieval was granted (missing: reconnect Meta to read leads)'),
    sandbox: z.boolean().describe('true: a sandbox stands in for Meta (development)'),
  }),
  annotations: {
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  },
  async handler(caller) {
    const action = await app.container.make(GetMetaConnection)
    return action.execute(caller.userId)
  },
})
