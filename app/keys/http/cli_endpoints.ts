import { z } from 'zod'
import type { DocumentedEndpoint } from '#shared/documented_endpoint'
import { MAX_ROTATION_GRACE_SECONDS } from '#keys/actions/rotate_api_key'
import { getAccount } from '#usage/tools/get_account'

/**
 * The keys module's bearer endpoints used by the adrelay CLI, described once: the
 * controllers validate with these schemas, the OpenAPI document renders them. None of them
 * counts against the monthly quota (account management, like the profile page).
 */

const isoInstant = (what: string) => z.string().describe(`${what} (ISO 8601, UTC)`)

export const listedApiKeySchema = z.object({
  id: z.number().int().describe('API key id'),
  name: z.string().describe('Name given at creation'),
  token: z.string().describe('Masked key: the first 8 characters then bullets; never the key'),
  createdAt: isoInstant('When it was created'),
  lastUsedAt: isoInstant('Last authenticated call').nullable(),
  expiresAt: isoInstant('When a rotated key stops working; null: no end').nullable(),
  label: z.string().nullable().describe('The client the key is for; null: none'),
  monthlyLimit: z
    .number()
    .int()
    .nullable()
    .describe("The key's own monthly request limit; null: only the plan's quota applies"),
  usage: z
    .number()
    .int()
    .describe('Requests counted for this key this calendar month (UTC), against its limit'),
})

export const createdApiKeySchema = z.object({
  id: z.number().int().describe('API key id'),
  name: z.string().describe('Name of the key'),
  token: z.string().describe('The full key (adr_…). Shown once: store it now'),
  createdAt: isoInstant('When it was created'),
  label: z.string().nullable().describe('The client the key is for; null: none'),
  monthlyLimit: z.number().int().nullable().describe("The key's own monthly request limit"),
})

export const keyIdParams = z.object({
  id: z.coerce.number().int().positive().describe('API key id (from GET /api/v1/keys)'),
})

const keyLabel = z
  .string()
  .min(1)
  .max(100)
  .nullable()
  .describe('The client the key is for (1-100 characters), e.g. "Acme Dental"; null: none')
const keyMonthlyLimit = z
  .number()
  .int()
  .positive()
  .nullable()
  .describe(
    "The key's own monthly request limit, at most the plan's quota (422 " +
      '`key_limit_above_quota`); calls past it answer 429 `key_quota_exceeded`. null: none'
  )

export const createKeyBody = z.strictObject({
  name: z.string().min(1).max(100).describe('Name of the new key, 1-100 characters'),
  label: keyLabel.optional(),
  monthlyLimit: keyMonthlyLimit.optional(),
})

export const updateKeyBody = z.strictObject({
  label: keyLabel.optional(),
  monthlyLimit: keyMonthlyLimit.optional(),
})

export const rotateKeyBody = z.strictObject({
  graceSeconds: z
    .number()
    .int()
    .min(0)
    .max(MAX_ROTATION_GRACE_SECONDS)
    .default(0)
    .describe(
      'Seconds the old key keeps working after the rotation (0-2592000, 30 days); 0 revokes it at once'
    ),
})

export const rotatedApiKeySchema = createdApiKeySchema.extend({
  previous: z.object({
    id: z.number().int().describe('Id of the key that was replaced'),
    expiresAt: isoInstant('When the old key stops working').nullable(),
    revokedAt: isoInstant('When the old key was revoked (grace 0)').nullable(),
  }),
})

export const credentialSessionSchema = z.object({
  // The account part is get_account's own output (the handler runs that action).
  user: getAccount.output.pick({ id: true, email: true, firstName: true, lastName: true }),
  plan: getAccount.output.shape.plan.pick({ id: true, name: true }),
  credential: z.object({
    id: z.number().int().describe('Credential id'),
    kind: z.enum(['api_key', 'cli_token']).describe('API key or CLI token'),
    name: z.string().describe('Key name, or the device name of a CLI token'),
    createdAt: isoInstant('When it was issued'),
    lastUsedAt: isoInstant('Last authenticated call before this one').nullable(),
    expiresAt: isoInstant('When it stops working; null: no end').nullable(),
  }),
})

export const cliEndpoints: DocumentedEndpoint[] = [
  {
    method: 'GET',
    path: '/api/v1/auth/session',
    operationId: 'get_credential_session',
    summary: 'Who is signed in',
    description:
      'The account, plan and credential behind the bearer token (API key or CLI token), with ' +
      'when it expires. `adrelay auth status` shows it.',
    tag: 'account',
    credential: 'any',
    success: {
      status: 200,
      description: 'The credential and its owner',
      schema: credentialSessionSchema,
    },
  },
  {
    method: 'DELETE',
    path: '/api/v1/auth/session',
    operationId: 'revoke_cli_session',
    summary: 'Sign out the CLI',
    description: 'Revokes the CLI token sent with the request (`adrelay logout`).',
    tag: 'account',
    credential: 'cli_token',
    success: { status: 204, description: 'Revoked' },
  },
  {
    method: 'GET',
    path: '/api/v1/keys',
    operationId: 'list_api_keys',
    summary: 'List API keys',
    description: 'The account’s usable API keys, newest first, masked.',
    tag: 'account',
    credential: 'cli_token',
    success: { status: 200, description: 'The keys', schema: z.array(listedApiKeySchema) },
  },
  {
    method: 'POST',
    path: '/api/v1/keys',
    operationId: 'create_api_key',
    summary: 'Create an API key',
    description:
      'Mints an API key with a name, and for a client key a label and a monthly limit of its ' +
      'own. The response holds the full key once; only its hash is stored. At most 25 active ' +
      'keys (422 `api_key_limit_reached`).',
    tag: 'account',
    credential: 'cli_token',
    body: createKeyBody,
    example: { body: { name: 'Acme Dental portal', label: 'Acme Dental', monthlyLimit: 5000 } },
    success: { status: 201, description: 'The new key, shown once', schema: createdApiKeySchema },
  },
  {
    method: 'DELETE',
    path: '/api/v1/keys/{id}',
    operationId: 'revoke_api_key',
    summary: 'Revoke an API key',
    description: 'The key answers 401 from now on.',
    tag: 'account',
    credential: 'cli_token',
    params: keyIdParams,
    example: { params: { id: 42 } },
    success: { status: 204, description: 'Revoked' },
  },
  {
    method: 'PATCH',
    path: '/api/v1/keys/{id}',
    operationId: 'update_api_key',
    summary: 'Change a key’s label or monthly limit',
    description:
      'Sets or clears (null) the client label and the key’s own monthly request limit. An ' +
      'omitted field is left unchanged. The limit applies from the key’s next call.',
    tag: 'account',
    credential: 'cli_token',
    params: keyIdParams,
    body: updateKeyBody,
    example: { params: { id: 42 }, body: { label: 'Acme Dental', monthlyLimit: 10000 } },
    success: { status: 200, description: 'The key (masked)', schema: listedApiKeySchema },
  },
  {
    method: 'POST',
    path: '/api/v1/keys/{id}/rotate',
    operationId: 'rotate_api_key',
    summary: 'Rotate an API key',
    description:
      'Creates a new key with the same name and retires the old one, at once or after ' +
      '`graceSeconds` (the old key keeps working until then, so deployments can switch).',
    tag: 'account',
    credential: 'cli_token',
    params: keyIdParams,
    body: rotateKeyBody,
    example: { params: { id: 42 }, body: { graceSeconds: 3600 } },
    success: {
      status: 201,
      description: 'The new key (shown once) and the old key’s end',
      schema: rotatedApiKeySchema,
    },
  },
]
