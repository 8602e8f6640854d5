import { findPlan, cheapestPlanWith } from '#accounts/plan_catalog'
import type { ActionRegistry, PublishedAction } from '#registry/action_registry'
import { closeObjects, toJsonSchema } from '#registry/json_schema'
import type { AppError } from '#shared/errors'
import { proxyRefusals } from '#meta/actions/proxy_graph_request'
import { integratorContextOutput, proxyRequestInput } from '#meta/validators/integrator'
import { accountEndpoints } from '#automation/openapi/account_endpoints'
import { documentedOperation } from '#automation/openapi/documented_operation'
import { queryParameters } from '#automation/openapi/query_parameters'

type ErrorExample = { code: string; message: string } & Record<string, unknown>

/** A documented error response: one example per error code the status can carry. */
const errorResponse = (description: string, ...examples: ErrorExample[]) => ({
  description,
  content: {
    'application/json': {
      schema: { $ref: '#/components/schemas/Error' },
      examples: Object.fromEntries(
        examples.map((example) => [example.code, { value: { error: example } }])
      ),
    },
  },
})

const retryAfterHeader = {
  'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait before retrying' },
}

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
  for (const action of actions) {
    for (const alias of action.aliases) {
      paths[alias] = {
        [action.method.toLowerCase()]: {
          ...operationFor(action, `${action.declaration.name}_short_url`),
          summary: `${action.declaration.title} (short URL)`,
          description: `Same as \`${action.method} ${action.path}\`.\n\n${action.declaration.description}`,
        },
      }
    }
  }

  Object.assign(paths, integratorPaths())
  for (const endpoint of accountEndpoints) {
    paths[endpoint.path] = {
      ...paths[endpoint.path],
      [endpoint.method.toLowerCase()]: documentedOperation(endpoint),
    }
  }

  const modules = [...new Set(actions.map((action) => action.declaration.module))]
  return {
    openapi: '3.1.0',
    info: {
      title: 'Adrelay API',
      version: '1.0.0',
      description:
        'Automate Meta ads through Adrelay. Every `/api/v1` endpoint is also an MCP tool of the same name on ' +
        '`POST /mcp` (Streamable HTTP). Authenticate with an API key from your profile page sent as ' +
        '`Authorization: Bearer <key>`. Every call counts one request against the monthly quota of ' +
        'your plan. Money is an integer in minor units of the ad account currency. Read-only actions ' +
        'are GET with their input in the query string: arrays comma-separated (`fields=spend,ctr`), ' +
        'objects as bracketed keys at any depth (`targeting[geo_locations][countries]=US&' +
        'targeting[age_min]=25`, array items by index: `targeting[interests][0][id]=6003139266461`) ' +
        'or as JSON text (`targeting={"age_min":25,...}`). Every operation shows a working example ' +
        'of its input. Actions that change ' +
        'your Meta ads (those with a `confirm` parameter) only preview the change unless the body has ' +
        '`"confirm": true`; the other actions that change data act at once.',
    },
    servers: [{ url: serverUrl }],
    security: [{ bearerAuth: [] }],
    tags: [
      ...modules.map((name) => ({ name, description: `Actions of the ${name} module` })),
      {
        name: 'integrator',
        description: 'For n8n flows and MCP gateways acting for the owner of a key',
      },
      {
        name: 'account',
        description:
          'Account endpoints of the adrelay CLI: sign-in session, API keys, usage report. ' +
          'Not counted against the quota; most need a CLI token (`adrelay login`).',
      },
    ],
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
        BadRequest: errorResponse(
          'The body is not JSON (POST), or Meta refused the request as invalid (`meta_error` with `metaCode`, `metaSubcode`, `fbtraceId`)',
          { code: 'invalid_json', message: 'The request body is not valid JSON.' },
          {
            code: 'meta_error',
            message: 'Invalid parameter',
            metaCode: 100,
            metaSubcode: 1885621,
            fbtraceId: 'AbCdEf123',
          }
        ),
        Unauthorized: {
          ...errorResponse('Missing, invalid or revoked API key', {
            code: 'invalid_api_key',
            message: 'The API key is invalid or has been revoked.',
          }),
          headers: {
            'WWW-Authenticate': { schema: { type: 'string' }, description: 'Bearer challenge' },
          },
        },
        CliTokenRequired: errorResponse('The endpoint needs a CLI token, not an API key', {
          code: 'cli_token_required',
          message:
            'This endpoint needs a CLI token: sign in with `adrelay login`. API keys cannot manage keys or read usage reports.',
        }),
        Forbidden: errorResponse(
          'The plan lacks the feature, the account is suspended, or (Meta actions) the Meta connection lacks a permission',
          {
            code: 'plan_upgrade_required',
            message: 'This action needs the Trafficker plan or higher.',
            feature: 'automation_tools',
            requiredPlan: 'trafficker',
          },
          { code: 'account_suspended', message: 'This account is suspended.' },
          {
            code: 'meta_permission_denied',
            message: 'Meta refused: the connected account lacks the permission for this.',
          }
        ),
        NotFound: errorResponse(
          'An object the action needs does not exist or is not in your ad accounts',
          {
            code: 'meta_object_not_owned',
            message:
              'Meta object 120200000000101 is not in any ad account your Meta connection can see.',
          },
          { code: 'not_found', message: 'Campaign not found.' }
        ),
        MetaConnectionProblem: errorResponse(
          'No Meta ads account is connected, or its token is no longer valid: the user (re)connects on /integrations',
          {
            code: 'meta_not_connected',
            message:
              'No Meta ads account is connected. Connect one on the Integrations page (/integrations).',
          },
          {
            code: 'meta_token_invalid',
            message:
              'The Meta access token is no longer valid. Reconnect Meta on the Integrations page.',
          }
        ),
        PayloadTooLarge: errorResponse('The body is larger than 1 MB', {
          code: 'payload_too_large',
          message: 'The request body is larger than 1 MB.',
        }),
        UnsupportedMediaType: errorResponse('The body is not JSON (`Content-Type`)', {
          code: 'unsupported_media_type',
          message:
            'Content-Type "text/plain" is not read here. Send JSON (application/json), a form (application/x-www-form-urlencoded) or multipart/form-data.',
        }),
        ValidationFailed: errorResponse(
          'The input does not match the schema, or names a parameter the operation does not take (`field`, `fields`)',
          {
            code: 'validation_failed',
            message: 'adAccountId: Invalid input: expected string, received undefined',
            field: 'adAccountId',
          },
          {
            code: 'validation_failed',
            message:
              'Unknown parameters: since, until. Accepted: objectId, level, datePreset, timeRange',
            field: 'since',
            unknownParameters: ['since', 'until'],
          }
        ),
        QuotaExceeded: {
          ...errorResponse('The monthly request quota is used up', {
            code: 'quota_exceeded',
            message: 'Monthly request quota of 10000 reached.',
          }),
          headers: { ...retryAfterHeader, ...rateLimitHeaders },
        },
        RateLimited: {
          ...errorResponse(
            "The monthly request quota is used up, or Meta's rate limit for this user, ad account or business is reached (`retryAfterSeconds`)",
            { code: 'quota_exceeded', message: 'Monthly request quota of 10000 reached.' },
            {
              code: 'meta_rate_limited',
              message: "Meta's rate limit for this account is reached. Try again in 60 seconds.",
              retryAfterSeconds: 60,
            }
          ),
          headers: { ...retryAfterHeader, ...rateLimitHeaders },
        },
        InternalError: errorResponse('Unexpected fault (logged with the request id)', {
          code: 'internal_error',
          message: 'Something went wrong on our side. Try again later.',
        }),
        MetaBadGateway: errorResponse(
          "Meta answered with an error of its own or with something unusable (Meta's message, `metaCode`, `fbtraceId`)",
          { code: 'meta_error', message: 'An unexpected error has occurred.', metaCode: 1 },
          {
            code: 'meta_response_too_large',
            message: "Meta's response is too large; ask for fewer fields or a smaller limit.",
          }
        ),
        MetaUnavailable: errorResponse('Meta did not answer (after retries for reads)', {
          code: 'meta_unavailable',
          message: 'Meta did not answer. Try again in a moment.',
        }),
      },
    },
  }
}

/**
 * Whether the action only previews its change unless told `confirm: true`: the Meta write
 * tools (their input has `confirm`, app/meta/tools/schemas.ts). Other write actions (rules,
 * alerts, leads) act at once.
 */
function previewsUnlessConfirmed(action: PublishedAction): boolean {
  return (
    !action.declaration.annotations.readOnlyHint &&
    Object.hasOwn(action.inputJsonSchema.properties ?? {}, 'confirm')
  )
}

function operationFor(action: PublishedAction, operationId: string) {
  const { declaration } = action
  const feature = declaration.feature
  const plan = feature ? cheapestPlanWith(feature) : undefined
  const notes = [declaration.description]
  if (plan) notes.push(`Requires the ${plan.name} plan or higher.`)
  if (previewsUnlessConfirmed(action)) {
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
    'responses': errorResponsesFor({
      success: {
        description: 'Success',
        headers: rateLimitHeaders,
        content: { 'application/json': { schema: action.outputJsonSchema } },
      },
      jsonBody: action.method === 'POST',
      // openWorldHint: the action calls Meta, so Meta's failures can come back.
      callsMeta: declaration.annotations.openWorldHint,
    }),
  }
  const example: Record<string, unknown> = declaration.inputExample
  if (action.method === 'GET') {
    operation.parameters = queryParameters(action.inputJsonSchema, example)
  } else {
    operation.requestBody = {
      required: true,
      content: { 'application/json': { schema: action.inputJsonSchema, example } },
    }
  }
  return operation
}

/**
 * Every status an operation can answer, by what it does: all check the key, plan and quota and
 * validate their input; POST bodies can be malformed or too large; operations that call Meta
 * add Meta's failures (docs/meta.md, "Error codes").
 */
function errorResponsesFor(options: {
  success: Record<string, unknown>
  jsonBody: boolean
  callsMeta: boolean
}) {
  const ref = (name: string) => ({ $ref: `#/components/responses/${name}` })
  return {
    '200': options.success,
    ...(options.jsonBody || options.callsMeta ? { '400': ref('BadRequest') } : {}),
    '401': ref('Unauthorized'),
    '403': ref('Forbidden'),
    ...(options.callsMeta ? { '404': ref('NotFound'), '409': ref('MetaConnectionProblem') } : {}),
    ...(options.jsonBody
      ? { '413': ref('PayloadTooLarge'), '415': ref('UnsupportedMediaType') }
      : {}),
    '422': ref('ValidationFailed'),
    '429': ref(options.callsMeta ? 'RateLimited' : 'QuotaExceeded'),
    '500': ref('InternalError'),
    ...(options.callsMeta ? { '502': ref('MetaBadGateway'), '503': ref('MetaUnavailable') } : {}),
  }
}

/**
 * `/internal/meta/resolve` and `/internal/meta/proxy`: the integrator endpoints (n8n flows, MCP
 * gateways), described from the Meta module's schemas (`#meta/validators/integrator`).
 */
function integratorPaths() {
  const metered =
    'Authenticate with an API key; the call counts one request against the monthly quota.'
  return {
    '/internal/meta/resolve': {
      post: {
        operationId: 'resolve_integrator_context',
        summary: 'Resolve the key owner, plan, quota and Meta connection',
        description:
          'What an n8n flow or MCP gateway needs before it acts for the owner of an API key: the user, their plan, the quota after counting this call, and their Meta connection with the ad accounts it can see. Meta trouble does not fail the call: `meta.error` carries the code and `meta.adAccounts` is empty.\n\n' +
          metered,
        tags: ['integrator'],
        responses: errorResponsesFor({
          success: {
            description: 'The key owner and their Meta connection',
            headers: rateLimitHeaders,
            content: {
              'application/json': {
                schema: toJsonSchema(integratorContextOutput, 'output'),
              },
            },
          },
          jsonBody: false,
          callsMeta: false,
        }),
      },
    },
    '/internal/meta/proxy': {
      post: {
        operationId: 'proxy_graph_request',
        summary: 'Forward one Graph API call with the stored Meta token',
        description:
          "Forwards a Graph API call that no action covers, with the key owner's stored Meta token: GET or POST on `act_<id>[/<edge>]` or `<object id>[/<edge>]` (allow-listed edges) of the user's own ad accounts. The answer is Meta's JSON (paging URLs stripped of the token) with Meta's usage headers. POST writes at Meta and needs the same plan as the write actions (Trafficker or higher). Refused: 400 `meta_proxy_invalid_method`, `meta_proxy_invalid_path`, `meta_proxy_invalid_params`, `meta_proxy_param_not_allowed`; 403 `meta_proxy_path_not_allowed`, `meta_object_not_owned`, `plan_upgrade_required`.\n\n" +
          metered,
        tags: ['integrator'],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: closeObjects(toJsonSchema(proxyRequestInput, 'input')),
              example: proxyRequestExample,
            },
          },
        },
        responses: {
          ...errorResponsesFor({
            success: {
              description: "Meta's answer",
              headers: {
                ...rateLimitHeaders,
                'x-app-usage': { schema: { type: 'string' }, description: "Meta's app usage" },
                'x-ad-account-usage': {
                  schema: { type: 'string' },
                  description: "Meta's ad account usage",
                },
                'x-business-use-case-usage': {
                  schema: { type: 'string' },
                  description: "Meta's business use case usage",
                },
              },
              content: { 'application/json': { schema: { type: 'object' } } },
            },
            jsonBody: true,
            callsMeta: true,
          }),
          ...proxyRefusalResponses(),
        },
      },
    },
  }
}

/** The body of the proxy operation's example: a page of an ad account's campaigns. */
const proxyRequestExample = {
  method: 'GET',
  path: 'act_100000000001/campaigns',
  params: { fields: 'id,name,status,daily_budget', limit: 10 },
}

/**
 * The proxy's 400 and 403 answers: the common ones plus its own refusals
 * (`proxyRefusals`, the messages it really sends).
 */
function proxyRefusalResponses() {
  const body = (error: AppError) => error.toJSON().error as ErrorExample
  return {
    '400': errorResponse(
      'The body is not JSON, the method, path or params are refused, or Meta refused the request as invalid',
      { code: 'invalid_json', message: 'The request body is not valid JSON.' },
      body(proxyRefusals.invalidMethod()),
      body(proxyRefusals.invalidPath()),
      body(proxyRefusals.invalidParams()),
      body(proxyRefusals.paramNotAllowed('access_token')),
      { code: 'meta_error', message: 'Invalid parameter', metaCode: 100, fbtraceId: 'AbCdEf123' }
    ),
    '403': errorResponse(
      'The edge is not forwarded, the object is not in your ad accounts, a POST needs a higher plan, the account is suspended, or the Meta connection lacks a permission',
      body(proxyRefusals.pathNotAllowed('users')),
      {
        code: 'meta_object_not_owned',
        message:
          'Meta object 120200000000101 is not in any ad account your Meta connection can see.',
      },
      {
        code: 'plan_upgrade_required',
        message:
          'Writing to Meta through the proxy (POST /internal/meta/proxy with method POST) needs the Trafficker plan or higher. Ask the account owner to upgrade at /subscription.',
        feature: 'automation_tools',
        requiredPlan: 'trafficker',
      },
      { code: 'account_suspended', message: 'This account is suspended. Contact support.' },
      {
        code: 'meta_permission_denied',
        message: 'Meta refused: the connected account lacks the permission for this.',
      }
    ),
  }
}
