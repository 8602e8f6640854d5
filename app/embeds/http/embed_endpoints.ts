import { z } from 'zod'
import type { DocumentedEndpoint } from '#shared/documented_endpoint'
import {
  MAX_EMBED_AD_ACCOUNTS,
  MAX_EMBED_ORIGINS,
  MAX_EMBED_TTL_SECONDS,
  MIN_EMBED_TTL_SECONDS,
} from '#embeds/actions/create_embed_session'
import { EMBED_COMPONENTS } from '#embeds/types'

/**
 * The embed-session endpoints (issue 17), described once: the controller validates with these
 * schemas and the OpenAPI document renders them. Called server to server with the account's
 * API key; none counts against the monthly quota.
 */

const isoInstant = (what: string) => z.string().describe(`${what} (ISO 8601, UTC)`)

export const createEmbedSessionBody = z.strictObject({
  components: z
    .array(z.enum(EMBED_COMPONENTS))
    .min(1)
    .describe(
      'Widgets the session may show: quota, usage, recent_calls, keys, campaign_performance, ' +
        'rule_activity'
    ),
  keyId: z
    .number()
    .int()
    .positive()
    .nullable()
    .optional()
    .describe(
      'Scope the session to one client key (its quota, calls and itself in the key list); ' +
        'omitted: the whole account'
    ),
  adAccountIds: z
    .array(z.string().regex(/^(act_)?\d{1,20}$/))
    .max(MAX_EMBED_AD_ACCOUNTS)
    .optional()
    .describe(
      'Ad accounts (act_…) campaign_performance may read; they must be the account’s. ' +
        'rule_activity then shows only rules scoped to a list of these accounts'
    ),
  allowedOrigins: z
    .array(z.string().max(255))
    .min(1)
    .max(MAX_EMBED_ORIGINS)
    .describe(
      'Origins of the pages that embed the widgets, each exactly as a browser sends it: ' +
        'scheme://host[:port], e.g. https://portal.example.com (https; http only for ' +
        'localhost), no path. Patterns such as https://*.example.com are refused (422): list ' +
        'each origin. Other origins are refused and get no CORS headers'
    ),
  ttlSeconds: z
    .number()
    .int()
    .min(MIN_EMBED_TTL_SECONDS)
    .max(MAX_EMBED_TTL_SECONDS)
    .optional()
    .describe('Lifetime in seconds, 60-3600 (default 3600)'),
  hidePoweredBy: z
    .boolean()
    .optional()
    .describe('Hide the "Powered by Adrelay" line (Agency plan)'),
})

export const embedSessionIdParams = z.object({
  id: z
    .string()
    .regex(/^es_[A-Za-z0-9_-]{20}$/)
    .describe('Embed session id (es_…)'),
})

const createdEmbedSessionSchema = z.object({
  id: z.string().describe('Embed session id (es_…)'),
  clientSecret: z
    .string()
    .describe('Give this to the browser (AdrelayEmbedProvider fetchClientSecret); shown once'),
  expiresAt: isoInstant('When the secret stops working'),
})

const listedEmbedSessionSchema = z.object({
  id: z.string().describe('Embed session id'),
  components: z.array(z.enum(EMBED_COMPONENTS)).describe('Widgets it may show'),
  keyId: z.number().int().nullable().describe('Client key it is scoped to; null: the account'),
  adAccountIds: z.array(z.string()).describe('Ad accounts campaign_performance may read'),
  allowedOrigins: z.array(z.string()).describe('Origins allowed to use it'),
  hidePoweredBy: z.boolean().describe('Whether "Powered by Adrelay" is hidden'),
  status: z.enum(['active', 'expired', 'revoked']).describe('State now'),
  createdAt: isoInstant('When it was minted'),
  expiresAt: isoInstant('When it expires'),
  revokedAt: isoInstant('When it was revoked').nullable(),
})

export const embedEndpoints: DocumentedEndpoint[] = [
  {
    method: 'POST',
    path: '/api/v1/embed/sessions',
    operationId: 'create_embed_session',
    summary: 'Mint an embed session',
    description:
      'Mints a short-lived client secret for the @adrelay/widgets components in a client ' +
      'portal, scoped to components, optionally one client key and some ad accounts, and the ' +
      'origins allowed to use it. Call it from your server with your API key, never from a ' +
      'browser (a request with an `Origin` header answers 403 `embed_session_from_browser`). ' +
      'Paid plans (403 `plan_upgrade_required`).',
    tag: 'account',
    credential: 'any',
    body: createEmbedSessionBody,
    example: {
      body: {
        components: ['quota', 'usage', 'campaign_performance'],
        keyId: 42,
        adAccountIds: ['act_100000000001'],
        allowedOrigins: ['https://portal.acme-dental.example'],
        ttlSeconds: 900,
      },
    },
    success: { status: 201, description: 'The session', schema: createdEmbedSessionSchema },
  },
  {
    method: 'GET',
    path: '/api/v1/embed/sessions',
    operationId: 'list_embed_sessions',
    summary: 'List embed sessions',
    description: 'The account’s latest 100 embed sessions, newest first, without secrets.',
    tag: 'account',
    credential: 'any',
    success: {
      status: 200,
      description: 'The sessions',
      schema: z.array(listedEmbedSessionSchema),
    },
  },
  {
    method: 'DELETE',
    path: '/api/v1/embed/sessions/{id}',
    operationId: 'revoke_embed_session',
    summary: 'Revoke an embed session',
    description:
      'The widgets using it show their error state from their next read (403 ' +
      '`embed_session_revoked`).',
    tag: 'account',
    credential: 'any',
    params: embedSessionIdParams,
    example: { params: { id: 'es_4fQk2Z8mNp1xRt7LwY3s' } },
    success: { status: 200, description: 'The revoked session', schema: listedEmbedSessionSchema },
  },
]
