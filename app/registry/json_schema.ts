import { z } from 'zod'

/** A JSON Schema object (draft 2020-12, the dialect of OpenAPI 3.1). */
export type JsonSchema = Record<string, any>

/**
 * Converts a zod v4 schema to JSON Schema 2020-12 without the `$schema` key, so it can be
 * embedded in OpenAPI 3.1 documents and shown on the Automation page. `io: 'input'` describes
 * what a client may send (fields with defaults are optional); `'output'` what it receives.
 * Types JSON cannot express (dates, transforms) become `{}` rather than throwing.
 */
export function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const converted = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as JsonSchema
  delete converted.$schema
  return converted
}

/**
 * Returns a copy of `schema` in which every object schema that lists `properties` and says
 * nothing of `additionalProperties` gets `additionalProperties: false` (records, which declare
 * `additionalProperties`, stay open). Used for action inputs, whose extra parameters are
 * refused (see `unknownParameters`).
 */
export function closeObjects(schema: JsonSchema): JsonSchema {
  if (Array.isArray(schema)) return schema.map(closeObjects)
  if (!schema || typeof schema !== 'object') return schema
  const copy: JsonSchema = {}
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties' || key === '$defs' || key === 'definitions') {
      copy[key] = Object.fromEntries(
        Object.entries(value as JsonSchema).map(([name, child]) => [name, closeObjects(child)])
      )
    } else if (['items', 'prefixItems', 'anyOf', 'oneOf', 'allOf', 'not'].includes(key)) {
      copy[key] = closeObjects(value)
    } else {
      copy[key] = value
    }
  }
  if (copy.properties && copy.additionalProperties === undefined) {
    copy.additionalProperties = false
  }
  return copy
}

/**
 * The parameters of `value` that a closed input schema (see `closeObjects`) does not declare,
 * as dotted paths (`since`, `timeRange.from`, `items.0.extra`), in input order. Looks into
 * nested objects, arrays and nullable/union variants; values of the wrong type are left to
 * the schema validation.
 */
export function unknownParameters(value: unknown, schema: JsonSchema, path = ''): string[] {
  if (!schema || typeof schema !== 'object') return []
  const at = (key: string | number) => (path ? `${path}.${key}` : String(key))
  if (Array.isArray(value)) {
    const items: JsonSchema | undefined = schema.items ?? objectVariant(schema)?.items
    if (!items || typeof items !== 'object') return []
    return value.flatMap((item, index) => unknownParameters(item, items, at(index)))
  }
  if (!value || typeof value !== 'object') return []
  if (!schema.properties) {
    // A union of several object shapes (a discriminated union such as a rule's schedule):
    // the value is judged against the variant it fits best, not only the first one.
    const variants: JsonSchema[] = (schema.anyOf ?? schema.oneOf ?? []).filter(
      (variant: JsonSchema) => variant?.properties
    )
    if (variants.length > 1) {
      return variants
        .map((variant) => unknownParameters(value, variant, path))
        .reduce((best, current) => (current.length < best.length ? current : best))
    }
  }
  const objectSchema = schema.properties ? schema : objectVariant(schema)
  if (!objectSchema?.properties) return []
  const properties: Record<string, JsonSchema> = objectSchema.properties
  const found: string[] = []
  for (const [key, item] of Object.entries(value)) {
    if (Object.hasOwn(properties, key))
      found.push(...unknownParameters(item, properties[key], at(key)))
    else if (objectSchema.additionalProperties === false) found.push(at(key))
  }
  return found
}

/** The first variant of a union (`anyOf`/`oneOf`, e.g. a nullable object) that has properties. */
function objectVariant(schema: JsonSchema): JsonSchema | undefined {
  const variants: JsonSchema[] = schema.anyOf ?? schema.oneOf ?? []
  return variants.find((variant) => variant?.properties || variant?.items)
}

/**
 * Turns query-string values into the types a GET action's input schema expects, using its
 * JSON Schema: numbers and integers via `Number`, booleans from `true|false|1|0`, arrays from
 * repeated parameters or comma-separated values, objects from JSON text or from bracketed
 * keys as the query parser reads them (`targeting[age_min]=25` → `{targeting: {age_min: '25'}}`,
 * OpenAPI `deepObject`), whose values are converted the same way at every depth (and indexed
 * keys `a[0][id]=…` into array items). Anything that does not convert is passed through
 * unchanged so the zod validation names the field.
 */
export function coerceQuery(
  query: Record<string, unknown>,
  inputJsonSchema: JsonSchema
): Record<string, unknown> {
  return coerceProperties(query, inputJsonSchema)
}

/** Each value of `object` converted per the property schema of the same name (or kept). */
function coerceProperties(object: Record<string, unknown>, schema: JsonSchema) {
  const result: Record<string, unknown> = {}
  for (const [key, raw] of Object.entries(object)) {
    const property = propertySchema(schema, key)
    result[key] = property ? coerceValue(raw, property) : raw
  }
  return result
}

/**
 * The schema of property `key` of an object schema: its own `properties`, else the first
 * variant of a union that declares it (a discriminated union's shapes share their common
 * keys' types), else a record's `additionalProperties` schema.
 */
function propertySchema(schema: JsonSchema, key: string): JsonSchema | undefined {
  if (schema.properties && Object.hasOwn(schema.properties, key)) return schema.properties[key]
  const variants: JsonSchema[] = schema.anyOf ?? schema.oneOf ?? []
  for (const variant of variants) {
    const found = variant && typeof variant === 'object' ? propertySchema(variant, key) : undefined
    if (found) return found
  }
  const additional = schema.additionalProperties
  return additional && typeof additional === 'object' ? additional : undefined
}

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type
  if (typeof schema.type === 'string') return [schema.type]
  const variants: JsonSchema[] = schema.anyOf ?? schema.oneOf ?? []
  return variants.flatMap(typesOf)
}

/** The array schema of a (possibly nullable or union) schema, for its `items`. */
function arrayVariant(schema: JsonSchema): JsonSchema {
  if (schema.items) return schema
  const variants: JsonSchema[] = schema.anyOf ?? schema.oneOf ?? []
  return variants.find((variant) => variant?.items) ?? schema
}

/** Past the query parser's array limit, `a[25]=x` arrives as an object keyed by index. */
function indexedItems(object: Record<string, unknown>): unknown[] {
  return Object.keys(object)
    .sort((a, b) => Number(a) - Number(b))
    .map((key) => object[key])
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

/** Whether `schema` (or one of its variants) is a string constant or enum naming `value`. */
function namesConstant(schema: JsonSchema, value: string): boolean {
  if (schema.const === value || (Array.isArray(schema.enum) && schema.enum.includes(value))) {
    return true
  }
  const variants: JsonSchema[] = schema.anyOf ?? schema.oneOf ?? []
  return variants.some((variant) => variant && namesConstant(variant, value))
}

function coerceValue(raw: unknown, schema: JsonSchema): unknown {
  const types = typesOf(schema)
  // `"all"` or a list (a rule scope's adAccountIds): the constant is not a one-item list.
  if (typeof raw === 'string' && namesConstant(schema, raw)) return raw
  if (types.includes('array')) {
    const list = Array.isArray(raw)
      ? raw
      : typeof raw === 'string'
        ? raw === ''
          ? []
          : raw.split(',')
        : isPlainObject(raw) && Object.keys(raw).every((key) => /^\d+$/.test(key))
          ? indexedItems(raw)
          : [raw]
    const items: JsonSchema = arrayVariant(schema).items ?? {}
    return list.map((item) => coerceValue(item, items))
  }
  if (isPlainObject(raw)) {
    return types.includes('object') ? coerceProperties(raw, schema) : raw
  }
  if (Array.isArray(raw)) raw = raw[raw.length - 1]
  if (typeof raw !== 'string') return raw
  if (types.includes('string')) return raw
  if ((types.includes('integer') || types.includes('number')) && raw.trim() !== '') {
    const value = Number(raw)
    if (Number.isFinite(value)) return value
  }
  if (types.includes('boolean')) {
    if (raw === 'true' || raw === '1') return true
    if (raw === 'false' || raw === '0') return false
  }
  if (types.includes('null') && raw === 'null') return null
  if (types.includes('object')) {
    try {
      return JSON.parse(raw)
    } catch {
      return raw
    }
  }
  return raw
}
