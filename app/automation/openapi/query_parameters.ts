import type { JsonSchema } from '#registry/json_schema'

/**
 * Query parameters of a GET action, each with its value in `example` (the operation's input
 * example) when it has one. Objects are `style: deepObject` (`timeRange[since]=…&
 * timeRange[until]=…`, what the query parser reads into an object; nested objects and arrays
 * continue the brackets, `targeting[geo_locations][countries]=US`), arrays `form` without
 * explode (`fields=spend,ctr`).
 */
export function queryParameters(schema: JsonSchema, example: Record<string, unknown> = {}) {
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
      ...(rest.type === 'object' ? { style: 'deepObject', explode: true } : {}),
      ...(example[name] !== undefined ? { example: example[name] } : {}),
    }
  })
}
