import { createHash } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { cacheDir } from './config.js'
import type { ApiClient } from './http.js'
import type { ActionField, JsonSchema } from './flags.js'

/** How long a fetched OpenAPI document is used before it is fetched again, ms. */
const CACHE_TTL_MS = 60 * 60 * 1000

/** A published action as the OpenAPI document describes it (`x-mcp-tool` operations). */
export interface PublishedAction {
  module: string
  /** snake_case action name (`list_campaigns`) */
  name: string
  method: 'GET' | 'POST'
  path: string
  summary: string
  description: string
  readOnly: boolean
  requiredPlan?: string
  /** Inputs: query parameters (GET) or body properties (POST), `confirm` excluded. */
  fields: ActionField[]
  /** The write takes `confirm: true` to apply (without it the server answers a preview). */
  confirmable: boolean
}

interface CachedDocument {
  apiUrl: string
  fetchedAt: number
  document: JsonSchema
}

function cachePath(apiUrl: string): string {
  const key = createHash('sha256').update(apiUrl).digest('hex').slice(0, 16)
  return join(cacheDir(), `openapi-${key}.json`)
}

/**
 * The server's OpenAPI document, from the cache when fetched in the last hour, else from
 * `GET /api/v1/openapi.json` (cached again). `offline` reads the cache only (completion);
 * `timeoutMs` bounds the fetch (root help). Falls back to a stale copy when the server
 * cannot be reached.
 * @throws CliError `network_error` (unreachable, or no answer within `timeoutMs`) or the
 * server's error, when there is no copy to fall back to
 */
export async function loadOpenApi(
  client: ApiClient,
  options: { offline?: boolean; refresh?: boolean; timeoutMs?: number } = {}
): Promise<JsonSchema | null> {
  const path = cachePath(client.baseUrl)
  let cached: CachedDocument | null = null
  try {
    cached = JSON.parse(await readFile(path, 'utf8')) as CachedDocument
  } catch {}
  const fresh = cached && Date.now() - cached.fetchedAt < CACHE_TTL_MS
  if (options.offline || (fresh && !options.refresh)) return cached?.document ?? null
  try {
    const { body } = await client.request<JsonSchema>('GET', '/api/v1/openapi.json', {
      auth: false,
      spinner: 'Loading the list of actions…',
      timeoutMs: options.timeoutMs,
    })
    await mkdir(cacheDir(), { recursive: true })
    await writeFile(
      path,
      JSON.stringify({ apiUrl: client.baseUrl, fetchedAt: Date.now(), document: body })
    )
    return body
  } catch (error) {
    if (cached) return cached.document
    throw error
  }
}

/**
 * Every published action in the document: the operations carrying `x-mcp-tool` (short-URL
 * aliases left out), with their inputs as fields.
 */
export function publishedActions(document: JsonSchema): PublishedAction[] {
  const actions: PublishedAction[] = []
  for (const [path, operations] of Object.entries<Record<string, JsonSchema>>(
    document.paths ?? {}
  )) {
    for (const [method, operation] of Object.entries(operations)) {
      const name = operation['x-mcp-tool']
      if (typeof name !== 'string' || String(operation.operationId).endsWith('_short_url')) continue
      const upper = method.toUpperCase()
      if (upper !== 'GET' && upper !== 'POST') continue
      let fields: ActionField[] = []
      let confirmable = false
      if (upper === 'GET') {
        fields = (operation.parameters ?? [])
          .filter((parameter: JsonSchema) => parameter.in === 'query')
          .map((parameter: JsonSchema) => ({
            name: parameter.name,
            schema: parameter.schema ?? {},
            required: parameter.required === true,
            description: parameter.description,
            style: parameter.style,
          }))
      } else {
        const schema: JsonSchema =
          operation.requestBody?.content?.['application/json']?.schema ?? {}
        const required = new Set<string>(schema.required ?? [])
        for (const [property, propertySchema] of Object.entries<JsonSchema>(
          schema.properties ?? {}
        )) {
          if (property === 'confirm') {
            confirmable = true
            continue
          }
          fields.push({
            name: property,
            schema: propertySchema,
            required: required.has(property),
            description: propertySchema.description,
          })
        }
      }
      actions.push({
        module: operation.tags?.[0] ?? name.split('_')[0],
        name,
        method: upper,
        path,
        summary: operation.summary ?? name,
        description: operation.description ?? '',
        readOnly: operation['x-mcp-annotations']?.readOnlyHint === true,
        requiredPlan: operation['x-required-plan'],
        fields,
        confirmable,
      })
    }
  }
  return actions
}

/**
 * Query parameters for a GET action: scalars as text, arrays comma-separated (style form,
 * explode false), objects as `name[key]=value` for `deepObject` parameters (nested objects and
 * arrays continue the brackets: `name[key][0][id]=value`, as the server's query parser reads
 * them) and as JSON otherwise.
 */
export function toQuery(
  fields: ActionField[],
  input: Record<string, unknown>
): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {}
  for (const field of fields) {
    const value = input[field.name]
    if (value === undefined) continue
    if (Array.isArray(value)) query[field.name] = value.map(String).join(',')
    else if (value !== null && typeof value === 'object') {
      if (field.style === 'deepObject') bracketed(query, field.name, value)
      else query[field.name] = JSON.stringify(value)
    } else query[field.name] = String(value)
  }
  return query
}

/** Adds `value` under `prefix` as bracketed keys, one per scalar leaf (arrays by index). */
function bracketed(query: Record<string, string | string[]>, prefix: string, value: unknown) {
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) bracketed(query, `${prefix}[${key}]`, item)
  } else query[prefix] = String(value)
}
