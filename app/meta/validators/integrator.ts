import { z } from 'zod'
import { adAccountOutput } from '#meta/tools/schemas'

/**
 * The integrator endpoints' shapes (`POST /internal/meta/resolve`, `POST /internal/meta/proxy`):
 * the proxy controller refuses body parameters `proxyRequestInput` does not name, and the
 * OpenAPI document describes both endpoints from these schemas.
 */

/** Body of `POST /internal/meta/proxy`. Semantics are checked by ProxyGraphRequest. */
export const proxyRequestInput = z.object({
  method: z
    .string()
    .describe('GET (read) or POST (write at Meta: needs the plan feature of the write actions)'),
  path: z
    .string()
    .describe(
      'Graph API path without host or version: act_<id>, act_<id>/<edge>, <object id> or <object id>/<edge>'
    ),
  params: z
    .record(z.string(), z.unknown())
    .optional()
    .describe(
      'Graph API parameters (fields, limit, status, ...); access_token, appsecret_proof, method, batch and the like are refused'
    ),
})

/** Answer of `POST /internal/meta/resolve` (ResolveIntegratorContext). */
export const integratorContextOutput = z.object({
  userId: z.number().int().describe('Adrelay user id of the key owner'),
  plan: z.object({
    id: z.string().describe('free, trafficker or agency'),
    name: z.string(),
    status: z.string().describe('active, trialing, past_due, ...'),
  }),
  quota: z.object({
    used: z.number().int().describe('Requests counted this month, this one included'),
    limit: z.number().int(),
    remaining: z.number().int(),
    resetsAt: z.string().describe('ISO 8601 UTC start of next month'),
  }),
  meta: z.object({
    connected: z.boolean(),
    status: z.enum(['connected', 'reconnect_required', 'not_connected']),
    reconnectRequired: z.boolean(),
    name: z.string().nullable().describe('Meta user name'),
    metaUserId: z.string().nullable(),
    isLongLived: z.boolean(),
    expiresAt: z.string().nullable().describe('ISO 8601 UTC'),
    sandbox: z.boolean(),
    adAccounts: z.array(adAccountOutput),
    error: z
      .object({ code: z.string(), message: z.string() })
      .nullable()
      .describe('Why Meta could not be asked (e.g. meta_token_invalid); the call still succeeds'),
  }),
})
