import { InvalidArgumentError, Option } from 'commander'

/** A JSON Schema object as the server's OpenAPI 3.1 document carries it. */
export type JsonSchema = Record<string, any>

/** One input field of an action (a query parameter or a body property). */
export interface ActionField {
  name: string
  schema: JsonSchema
  required: boolean
  description?: string
  /** OpenAPI parameter style (`form`, `deepObject`) for query parameters. */
  style?: string
}

/** How a field becomes a command-line flag. */
export interface FlagSpec {
  field: ActionField
  /** `--ad-account-id` */
  long: string
  /** commander attribute name (`adAccountId`) */
  attribute: string
  /** `string`, `number`, `integer`, `boolean`, `enum`, `json`, `list` */
  kind: 'string' | 'number' | 'integer' | 'boolean' | 'enum' | 'json' | 'list'
  choices?: string[]
  help: string
}

/** `adAccountId` → `ad-account-id`; `list_campaigns` → `list-campaigns`. */
export function kebabCase(name: string): string {
  return name
    .replace(/_/g, '-')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
}

/** The schema without its `null` alternative (`anyOf: [X, {type: null}]` → X). */
function nonNull(schema: JsonSchema): JsonSchema {
  const variants: JsonSchema[] | undefined = schema.anyOf ?? schema.oneOf
  if (variants) {
    const rest = variants.filter((variant) => variant.type !== 'null')
    if (rest.length === 1)
      return { ...rest[0], description: schema.description ?? rest[0].description }
  }
  if (Array.isArray(schema.type)) {
    const types = schema.type.filter((type: string) => type !== 'null')
    if (types.length === 1) return { ...schema, type: types[0] }
  }
  return schema
}

function scalarKind(
  schema: JsonSchema
): 'string' | 'number' | 'integer' | 'boolean' | 'enum' | null {
  if (
    Array.isArray(schema.enum) &&
    schema.enum.every((value: unknown) => typeof value === 'string')
  )
    return 'enum'
  if (schema.const !== undefined && typeof schema.const === 'string') return 'enum'
  if (schema.type === 'string') return 'string'
  if (schema.type === 'integer') return 'integer'
  if (schema.type === 'number') return 'number'
  if (schema.type === 'boolean') return 'boolean'
  return null
}

/**
 * The flag for one input field, typed from its JSON Schema: numbers and integers are
 * checked, enums offer their choices, booleans are switches (`--x` / `--no-x`), arrays of
 * scalars take comma-separated or repeated values, objects and anything richer take JSON.
 */
export function flagFor(field: ActionField): FlagSpec {
  const schema = nonNull(field.schema)
  const long = `--${kebabCase(field.name)}`
  const attribute = field.name
  const notes: string[] = []
  let kind: FlagSpec['kind']
  let choices: string[] | undefined
  const scalar = scalarKind(schema)
  if (scalar) {
    kind = scalar
    if (scalar === 'enum') choices = schema.enum ?? [schema.const]
  } else if (
    schema.type === 'array' &&
    scalarKind(nonNull(schema.items ?? {})) &&
    scalarKind(nonNull(schema.items ?? {})) !== 'boolean'
  ) {
    kind = 'list'
    const items = nonNull(schema.items)
    if (items.enum) notes.push(`each one of: ${items.enum.join(', ')}`)
    notes.push('comma-separated or repeated')
  } else {
    kind = 'json'
    notes.push(schema.type === 'array' ? 'a JSON array' : 'a JSON object')
  }
  if (schema.minimum !== undefined && schema.maximum !== undefined)
    notes.push(`${schema.minimum}-${schema.maximum}`)
  else if (schema.minimum !== undefined) notes.push(`at least ${schema.minimum}`)
  else if (schema.maximum !== undefined) notes.push(`at most ${schema.maximum}`)
  if (schema.default !== undefined) notes.push(`default ${JSON.stringify(schema.default)}`)
  if (field.required) notes.push('required')
  const description = field.description ?? field.schema.description ?? schema.description ?? ''
  const help = [description, notes.length ? `(${notes.join('; ')})` : ''].filter(Boolean).join(' ')
  return { field, long, attribute, kind, choices, help }
}

/** Parses one flag value as the schema wants it. @throws InvalidArgumentError */
export function parseFlagValue(spec: FlagSpec, raw: string, previous?: unknown): unknown {
  const schema = nonNull(spec.field.schema)
  switch (spec.kind) {
    case 'integer':
    case 'number': {
      const value = Number(raw)
      if (raw.trim() === '' || !Number.isFinite(value))
        throw new InvalidArgumentError('must be a number')
      if (spec.kind === 'integer' && !Number.isInteger(value))
        throw new InvalidArgumentError('must be a whole number')
      if (schema.minimum !== undefined && value < schema.minimum)
        throw new InvalidArgumentError(`must be at least ${schema.minimum}`)
      if (schema.maximum !== undefined && value > schema.maximum)
        throw new InvalidArgumentError(`must be at most ${schema.maximum}`)
      return value
    }
    case 'list': {
      const items = nonNull(schema.items ?? {})
      const itemSpec: FlagSpec = {
        ...spec,
        field: { ...spec.field, schema: items },
        kind: scalarKind(items) as FlagSpec['kind'],
      }
      const values = raw
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== '')
        .map((item) => parseFlagValue(itemSpec, item))
      return [...((previous as unknown[] | undefined) ?? []), ...values]
    }
    case 'enum': {
      const allowed = spec.choices ?? nonNull(spec.field.schema).enum ?? []
      if (!allowed.includes(raw))
        throw new InvalidArgumentError(`must be one of: ${allowed.join(', ')}`)
      return raw
    }
    case 'json': {
      let value: unknown
      try {
        value = JSON.parse(raw)
      } catch {
        throw new InvalidArgumentError(
          `must be JSON, e.g. ${schema.type === 'array' ? '[…]' : '{"key": "value"}'}`
        )
      }
      if (
        schema.type === 'object' &&
        (value === null || typeof value !== 'object' || Array.isArray(value))
      ) {
        throw new InvalidArgumentError('must be a JSON object')
      }
      if (schema.type === 'array' && !Array.isArray(value))
        throw new InvalidArgumentError('must be a JSON array')
      return value
    }
    default:
      return raw
  }
}

/**
 * The commander options of a field: one option, or for booleans the `--x` / `--no-x` pair
 * (so false can be sent too). Required fields are mandatory options (exit 2 when missing).
 */
export function optionsFor(spec: FlagSpec): Option[] {
  if (spec.kind === 'boolean') {
    const on = new Option(spec.long, spec.help)
    const off = new Option(`--no-${spec.long.slice(2)}`, `send ${spec.field.name}: false`)
    if (spec.field.required) on.makeOptionMandatory()
    return [on, off]
  }
  const valueName = spec.kind === 'enum' ? 'choice' : spec.kind === 'list' ? 'values' : spec.kind
  const option = new Option(`${spec.long} <${valueName}>`, spec.help)
  if (spec.choices) option.choices(spec.choices)
  option.argParser((raw: string, previous: unknown) => parseFlagValue(spec, raw, previous))
  if (spec.field.required) option.makeOptionMandatory()
  return [option]
}
