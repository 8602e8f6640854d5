import type { z } from 'zod'
import { toJsonSchema, type JsonSchema } from '#registry/json_schema'
import { queryParameters } from '#automation/openapi/query_parameters'
import type { DocumentedEndpoint } from '#shared/documented_endpoint'

/**
 * The OpenAPI operation of an endpoint that is not a published action, from its one zod
 * description (app/shared/documented_endpoint.ts): parameters and body with the endpoint's
 * `example` (`example` on each parameter, on the JSON request body), responses by credential
 * and input.
 * @throws Error when the endpoint's example does not pass its own schemas (see `assertExample`)
 */
export function documentedOperation(endpoint: DocumentedEndpoint) {
  assertExample(endpoint)
  const example = endpoint.example ?? {}
  const responses: Record<string, unknown> = {
    [String(endpoint.success.status)]: {
      description: endpoint.success.description,
      ...(endpoint.success.schema
        ? {
            content: {
              'application/json': { schema: toJsonSchema(endpoint.success.schema, 'output') },
            },
          }
        : {}),
    },
  }
  if (endpoint.credential !== 'none') {
    responses['401'] = { $ref: '#/components/responses/Unauthorized' }
  }
  if (endpoint.credential === 'cli_token') {
    responses['403'] = { $ref: '#/components/responses/CliTokenRequired' }
  }
  if (endpoint.params) responses['404'] = { $ref: '#/components/responses/NotFound' }
  if (endpoint.params || endpoint.query || endpoint.body) {
    responses['422'] = { $ref: '#/components/responses/ValidationFailed' }
  }
  responses['500'] = { $ref: '#/components/responses/InternalError' }

  const parameters = [
    ...(endpoint.params
      ? inParameters(toJsonSchema(endpoint.params, 'input'), 'path', example.params)
      : []),
    ...(endpoint.query
      ? inParameters(toJsonSchema(endpoint.query, 'input'), 'query', example.query)
      : []),
  ]
  return {
    operationId: endpoint.operationId,
    summary: endpoint.summary,
    description: endpoint.description,
    tags: [endpoint.tag],
    security: endpoint.credential === 'none' ? [] : [{ bearerAuth: [] }],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(endpoint.body
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: toJsonSchema(endpoint.body, 'input'),
                example: example.body,
              },
            },
          },
        }
      : {}),
    responses,
  }
}

function inParameters(
  schema: JsonSchema,
  location: 'path' | 'query',
  example?: Record<string, unknown>
) {
  return queryParameters(schema, example).map((parameter) => ({
    ...parameter,
    in: location,
    ...(location === 'path' ? { required: true } : {}),
  }))
}

/**
 * An endpoint with path parameters, a query or a body must give an example of each, and the
 * example must pass the schema the controller validates with; an example for a part the
 * endpoint does not take is refused too.
 * @throws Error naming the operation and the part
 */
function assertExample(endpoint: DocumentedEndpoint) {
  const parts = ['params', 'query', 'body'] as const
  for (const part of parts) {
    const schema: z.ZodObject<any> | undefined = endpoint[part]
    const value = endpoint.example?.[part]
    const problem = !schema
      ? value === undefined
        ? null
        : 'the endpoint takes none'
      : value === undefined
        ? 'missing'
        : schema.safeParse(value).error?.issues[0]?.message
    if (problem) {
      throw new Error(`The ${part} example of ${endpoint.operationId} is invalid: ${problem}`)
    }
  }
}
