import { type z } from 'zod'
import { AppError } from '#shared/errors'
import { assertPlanHasFeature } from '#accounts/plan_catalog'
import type { ActionCaller, ActionDeclaration } from '#registry/define_action'
import { errorWithSurfaceWording, withSurfaceWording } from '#registry/call_surface'
import {
  closeObjects,
  toJsonSchema,
  unknownParameters,
  type JsonSchema,
} from '#registry/json_schema'

/** HTTP method of an action's REST route: reads are GET (query string), writes POST (JSON). */
export type ActionHttpMethod = 'GET' | 'POST'

/** An action as the REST adapter, the OpenAPI generator and the Automation page see it. */
export interface PublishedAction {
  declaration: ActionDeclaration
  method: ActionHttpMethod
  /** `/api/v1/<module>/<name>` */
  path: string
  /** Older URLs served by the same route handler (the declaration's `restAliases`) */
  aliases: readonly string[]
  /** JSON Schema (2020-12) of the input, as clients send it */
  inputJsonSchema: JsonSchema
  /** JSON Schema (2020-12) of the result */
  outputJsonSchema: JsonSchema
}

/**
 * The one place where published actions run. Every surface (REST, MCP, session screens)
 * calls `invoke`, which in this order:
 * 1. enforces the plan gate: a declaration with `feature` the caller's plan lacks throws
 *    403 `plan_upgrade_required` naming the cheapest plan that has it (`requiredPlan`);
 * 2. validates the raw input: parameters the declaration does not name (at any depth) are
 *    refused rather than ignored, then the declaration's zod schema applies; both answer 422
 *    `validation_failed` naming the first offending field (`field`, plus every issue in
 *    `fields`);
 * 3. runs the handler (which throws `AppError` for its own expected failures);
 * 4. words the answer's next step for the caller's surface (`call_surface.ts`): how to confirm
 *    a preview, how to force a refusal `force: true` overrides.
 *
 * Quota accounting is not done here: the surfaces count before calling (the REST
 * middleware per request, the MCP server per tools/call), so refused calls count too.
 */
export class ActionRegistry {
  readonly #byName = new Map<string, PublishedAction>()

  constructor(declarations: readonly ActionDeclaration<any, any>[]) {
    for (const declaration of declarations) {
      if (
        !/^[a-z][a-z0-9_]*$/.test(declaration.name) ||
        !/^[a-z][a-z0-9_]*$/.test(declaration.module)
      ) {
        throw new Error(
          `Action names and modules must be snake_case: ${declaration.module}/${declaration.name}`
        )
      }
      if (this.#byName.has(declaration.name)) {
        throw new Error(
          `Two published actions are named "${declaration.name}"; names are unique across modules`
        )
      }
      // Closed (additionalProperties: false): `invoke` refuses parameters the declaration
      // does not name, and the published schemas (MCP, OpenAPI) say so.
      const inputJsonSchema = closeObjects(toJsonSchema(declaration.input, 'input'))
      assertValidExample(declaration, inputJsonSchema)
      this.#byName.set(declaration.name, {
        declaration,
        method: declaration.annotations.readOnlyHint ? 'GET' : 'POST',
        path: `/api/v1/${declaration.module}/${declaration.name}`,
        aliases: declaration.restAliases ?? [],
        // JSON Schema 2020-12 `examples` (§9.5): the MCP tool list and the OpenAPI request
        // body carry the declaration's example inside the schema itself.
        inputJsonSchema: { ...inputJsonSchema, examples: [declaration.inputExample] },
        outputJsonSchema: toJsonSchema(declaration.output, 'output'),
      })
    }
  }

  /** Every published action, in declaration order. */
  list(): PublishedAction[] {
    return [...this.#byName.values()]
  }

  /** The action named `name`, or undefined. */
  find(name: string): PublishedAction | undefined {
    return this.#byName.get(name)
  }

  /**
   * Runs action `name` for `caller` with unvalidated `rawInput` (steps above).
   * @throws AppError `not_found` (404) for an unknown name, `plan_upgrade_required` (403),
   *   `validation_failed` (422), or whatever the handler throws
   */
  async invoke(name: string, caller: ActionCaller, rawInput: unknown): Promise<unknown> {
    const action = this.#byName.get(name)
    if (!action) {
      throw new AppError('not_found', `There is no action named "${name}".`, 404)
    }
    const { declaration } = action
    assertPlanAllows(declaration, caller)
    const unknown = unknownParameters(rawInput ?? {}, action.inputJsonSchema)
    if (unknown.length > 0) throw unknownParametersError(unknown, action.inputJsonSchema)
    const parsed = declaration.input.safeParse(rawInput ?? {})
    if (!parsed.success) throw validationError(parsed.error)
    const surface = caller.surface ?? 'rest'
    try {
      return withSurfaceWording(await declaration.handler(caller, parsed.data), surface)
    } catch (error) {
      throw errorWithSurfaceWording(error, surface)
    }
  }
}

/**
 * Refuses a declaration whose `inputExample` is not an input `invoke` would accept (a
 * parameter the schema does not name, or a value the zod schema rejects), so a published
 * example can never be one the server answers with 422.
 * @throws Error naming the action and the first offending field
 */
function assertValidExample(declaration: ActionDeclaration<any, any>, inputJsonSchema: JsonSchema) {
  const example: unknown = declaration.inputExample
  const unknown = unknownParameters(example ?? {}, inputJsonSchema)
  const parsed = declaration.input.safeParse(example)
  const problem =
    example === null || typeof example !== 'object' || Array.isArray(example)
      ? 'it is not an object'
      : unknown.length > 0
        ? `unknown parameters ${unknown.join(', ')}`
        : parsed.success
          ? null
          : validationError(parsed.error).message
  if (problem) {
    throw new Error(`The inputExample of action "${declaration.name}" is invalid: ${problem}`)
  }
}

/** Throws 403 `plan_upgrade_required` when the caller's plan lacks the declaration's feature. */
export function assertPlanAllows(declaration: ActionDeclaration<any, any>, caller: ActionCaller) {
  if (!declaration.feature) return
  assertPlanHasFeature(
    caller.planId,
    declaration.feature,
    `${declaration.title} (${declaration.name})`
  )
}

/**
 * Turns zod issues into 422 `validation_failed`: the message names the first field
 * (`adAccountId: Invalid input: expected string, received undefined`), `field` carries its
 * dotted path and `fields` lists every issue.
 */
export function validationError(error: z.ZodError): AppError {
  const fields = error.issues.map((issue) => ({
    field: issue.path.map(String).join('.') || '(input)',
    message: issue.message,
    rule: issue.code,
  }))
  const first = fields[0]
  return new AppError(
    'validation_failed',
    first ? `${first.field}: ${first.message}` : 'Invalid input.',
    422,
    { field: first?.field ?? null, fields }
  )
}

/**
 * Validates `data` with a zod schema the way the registry validates action input.
 * @throws AppError 422 `validation_failed` (see `validationError`)
 */
export function parseInput<Schema extends z.ZodType>(
  schema: Schema,
  data: unknown
): z.infer<Schema> {
  const parsed = schema.safeParse(data ?? {})
  if (!parsed.success) throw validationError(parsed.error)
  return parsed.data
}

/**
 * 422 `validation_failed` for parameters an action does not take, naming them (a misspelt or
 * misplaced parameter must not silently fall back to a default):
 * `Unknown parameters: since, until. Accepted: objectId, level, datePreset, timeRange, ...`.
 * `field` is the first one, `fields` lists each (`rule: 'unknown_parameter'`),
 * `unknownParameters` all of them as dotted paths.
 */
export function unknownParametersError(unknown: string[], inputJsonSchema: JsonSchema): AppError {
  const accepted = Object.keys(inputJsonSchema.properties ?? {})
  const noun = unknown.length === 1 ? 'parameter' : 'parameters'
  return new AppError(
    'validation_failed',
    `Unknown ${noun}: ${unknown.join(', ')}. Accepted: ${accepted.join(', ') || 'none'}.`,
    422,
    {
      field: unknown[0],
      fields: unknown.map((field) => ({
        field,
        message: 'Unknown parameter',
        rule: 'unknown_parameter',
      })),
      unknownParameters: unknown,
    }
  )
}
