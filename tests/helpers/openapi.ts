import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'

/**
 * Serialises `values` into a query string the way an OpenAPI client does, from the operation's
 * parameter definitions (style/explode, OpenAPI 3.1 §4.8.12.4): deepObject → `name[key]=v`
 * (nested objects and arrays continue the brackets, `name[key][0][id]=v`, as the document's
 * description says), form without explode → `name=a,b`, form with explode (the default) →
 * `key=v` for objects.
 */
export function queryFromDocument(operation: any, values: Record<string, unknown>) {
  const query = new URLSearchParams()
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in !== 'query') continue
    const value = values[parameter.name]
    if (value === undefined) continue
    const style = parameter.style ?? 'form'
    const explode = parameter.explode ?? style === 'form'
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      if (style === 'deepObject') bracketed(query, parameter.name, value)
      else if (explode)
        for (const [key, item] of Object.entries(value)) query.append(key, `${item}`)
      else throw new Error(`unsupported style for ${parameter.name}`)
    } else if (Array.isArray(value)) {
      if (explode) for (const item of value) query.append(parameter.name, String(item))
      else query.append(parameter.name, value.join(','))
    } else {
      query.append(parameter.name, String(value))
    }
  }
  return query.toString()
}

function bracketed(query: URLSearchParams, prefix: string, value: unknown) {
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) bracketed(query, `${prefix}[${key}]`, item)
  } else query.append(prefix, String(value))
}

/** `template` (`/api/v1/keys/{id}`) with each `{name}` replaced by `params[name]`. */
export function pathFromTemplate(template: string, params: Record<string, unknown> = {}) {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (params[name] === undefined) throw new Error(`no value for {${name}} in ${template}`)
    return encodeURIComponent(String(params[name]))
  })
}

/**
 * A JSON Schema 2020-12 validator for the document's response schemas (OpenAPI 3.1's
 * dialect), formats included. Returns the errors as text, or null when `value` passes.
 */
export function responseSchemaValidator() {
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats.default(ajv)
  return (schema: object, value: unknown): string | null => {
    const validate = ajv.compile(schema)
    return validate(value) ? null : ajv.errorsText(validate.errors, { dataVar: 'body' })
  }
}
