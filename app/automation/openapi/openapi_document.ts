import { findPlan, cheapestPlanWith } from '#accounts/plan_catalog'
import type { ActionRegistry, PublishedAction } from '#automation/registry/action_registry'
import type { JsonSchema } from '#automation/registry/json_schema'

/** Older URLs served by registry actions, documented beside the generated ones. */
export const REST_ALIASES: ReadonlyArray<{ path: string; action: string }> = [
  { path: '/api/v1/me', action: 'get_account' },
  { path: '/api/v1/usage', action: 'get_usage' },
]

const errorResponse = (description: string, example: { code: string; message: string }) => ({
  description,
  content: {
    'application/json': {
      schema: { $ref: '#/components/schemas/Error' },
      example: { error: example },
    },
  },
})

const rateLimitHeaders = {
  'RateLimit-Limit': {
    description: 'Monthly request limit of the plan',
    schema: { type: 'integer' },
  },
  'RateLimit-Remaining': {
    description: 'Requests left this month',
    schema: { type: 'integer' },
  },
  'RateLimit-Reset': {
    description: 'Seconds until the monthly counter resets',
    schema: { type: 'integer' },
  },
}

/**
 * Builds the OpenAPI 3.1 document of the REST API from the action registry (the same zod
 * schemas the MCP tools use, converted to JSON Schema 2020-12, OpenAPI 3.1's dialect).
 * `serverUrl` is the app's public URL (APP_URL).
 */
export function buildOpenApiDocument(registry: ActionRegistry, serverUrl: string) {
  const actions = registry.list()
  const paths: Record<string, Record<string, unknown>> = {}
  for (const action of actions) {
    paths[action.path] = {
      [action.method.toLowerCase()]: operationFor(action, action.declaration.name),
    }
  }
  for (const alias of REST_ALIASES) {
    const action = registry.find(alias.action)
    if (!action) continue
    paths[alias.path] = {
      get: {
        ...operationFor(action, `${alias.action}_short_url`),
        summary: `${action.declaration.title} (short URL)`,
        description: `Same as \`${action.method} ${action.path}\`.\n\n${action.declaration.description}`,
      },
    }
  }

  const modules = [...new Set(actions.map((action) => action.declaration.module))]
  return {
    openapi: '3.1.0',
    info: {
      title: 'Adrelay API',
      version: '1.0.0',
      description:
        'Automate Meta ads through Adrelay. Every endpoint is also an MCP tool of the same name on ' +
        '`POST /mcp` (Streamable HTTP). Authenticate with an API key from your profile page sent as ' +
        '`Authorization: Bearer <key>`. Every call counts one request against the monthly quota of ' +
        'your plan. Money is an integer in minor units of the ad account currency. Actions that change ' +
        'data only preview the change unless the body has `"confirm": true`.',
    },
    servers: [{ url: serverUrl }],
    security: [{ bearerAuth: [] }],
    tags: modules.map((name) => ({ name, description: `Actions of the ${name} module` })),
    paths,
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description:
            'An Adrelay API key (create one on /profile), sent as `Authorization: Bearer <key>`.',
        },
      },
      schemas: {
        Error: {
          type: 'object',
          required: ['error'],
          properties: {
            error: {
              type: 'object',
              required: ['code', 'message'],
              properties: {
                code: { type: 'string', description: 'Stable snake_case error code' },
                message: { type: 'string', description: 'What went wrong and what to do' },
              },
              additionalProperties: true,
            },
          },
        },
      },
      responses: {
        Unauthorized: {
          ...errorResponse('Missing, invalid or revoked API key', {
            code: 'invalid_api_key',
            message: 'The API key is invalid or has been revoked.',
          }),
          headers: {
            'WWW-Authenticate': { schema: { type: 'string' }, description: 'Bearer challenge' },
          },
        },
        Forbidden: errorResponse('The plan lacks the feature (or the account is suspended)', {
          code: 'plan_upgrade_required',
          message: 'This action needs the Trafficker plan or higher.',
        }),
        NotFound: errorResponse('An object the action needs does not exist or is not yours', {
          code: 'not_found',
          message: 'Campaign not found.',
        }),
        ValidationFailed: errorResponse('The input does not match the schema', {
          code: 'validation_failed',
          message: 'adAccountId: Invalid input: expected string, received undefined',
        }),
        QuotaExceeded: {
          ...errorResponse('The monthly request quota is used up', {
            code: 'quota_exceeded',
            message: 'Monthly request quota of 10000 reached.',
          }),
          headers: {
            'Retry-After': { schema: { type: 'integer' }, description: 'Seconds until the reset' },
            ...rateLimitHeaders,
          },
        },
        InternalError: errorResponse('Unexpected fault (logged with the request id)', {
          code: 'internal_error',
          message: 'Something went wrong on our side. Try again later.',
        }),
      },
    },
  }
}

function operationFor(action: PublishedAction, operationId: string) {
  const { declaration } = action
  const feature = declaration.feature
  const plan = feature ? cheapestPlanWith(feature) : undefined
  const notes = [declaration.description]
  if (plan) notes.push(`Requires the ${plan.name} plan or higher.`)
  if (!declaration.annotations.readOnlyHint) {
    notes.push('Previews the change unless the body has `"confirm": true`.')
  }
  const operation: Record<string, unknown> = {
    operationId,
    'summary': declaration.title,
    'description': notes.join('\n\n'),
    'tags': [declaration.module],
    'x-mcp-tool': declaration.name,
    'x-mcp-annotations': declaration.annotations,
    ...(plan ? { 'x-required-plan': findPlan(plan.id)?.id } : {}),
    'responses': {
      '200': {
        description: 'Success',
        headers: rateLimitHeaders,
        content: { 'application/json': { schema: action.outputJsonSchema } },
      },
      '401': { $ref: '#/components/responses/Unauthorized' },
      '403': { $ref: '#/components/responses/Forbidden' },
      '404': { $ref: '#/components/responses/NotFound' },
      '422': { $ref: '#/components/responses/ValidationFailed' },
      '429': { $ref: '#/components/responses/QuotaExceeded' },
      '500': { $ref: '#/components/responses/InternalError' },
    },
  }
  if (action.method === 'GET') {
    operation.parameters = queryParameters(action.inputJsonSchema)
  } else {
    operation.requestBody = {
      required: true,
      content: { 'application/json': { schema: action.inputJsonSchema } },
    }
  }
  return operation
}

function queryParameters(schema: JsonSchema) {
  const required = new Set<string>(schema.required ?? [])
  return Object.entries<JsonSchema>(schema.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property
    return {
      name,
      in: 'query',
      required: required.has(name),
      ...(description ? { description } : {}),
      schema: rest,
      ...(rest.type === 'array' ? { style: 'form', explode: false } : {}),
    }
  })
}
