import { type z } from 'zod'
import { AppError } from '#shared/errors'
import { cheapestPlanWith, planHasFeature } from '#accounts/plan_catalog'
import type { ActionCaller, ActionDeclaration } from '#automation/registry/define_action'
import { toJsonSchema, type JsonSchema } from '#automation/registry/json_schema'

/** HTTP method of an action's REST route: reads are GET (query string), writes POST (JSON). */
export type ActionHttpMethod = 'GET' | 'POST'

/** An action as the REST adapter, the OpenAPI generator and the Automation page see it. */
export interface PublishedAction {
  declaration: ActionDeclaration
  method: ActionHttpMethod
  /** `/api/v1/<module>/<name>` */
  path: string
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
 * 2. validates the raw input with the declaration's zod schema: 422 `validation_failed`
 *    naming the first offending field (`field`, plus every issue in `fields`);
 * 3. runs the handler (which throws `AppError` for its own expected failures).
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
      this.#byName.set(declaration.name, {
        declaration,
        method: declaration.annotations.readOnlyHint ? 'GET' : 'POST',
        path: `/api/v1/${declaration.module}/${declaration.name}`,
        inputJsonSchema: toJsonSchema(declaration.input, 'input'),
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
    const parsed = declaration.input.safeParse(rawInput ?? {})
    if (!parsed.success) throw validationError(parsed.error)
    return declaration.handler(caller, parsed.data)
  }
}

/** Throws 403 `plan_upgrade_required` when the caller's plan lacks the declaration's feature. */
export function assertPlanAllows(declaration: ActionDeclaration<any, any>, caller: ActionCaller) {
  if (!declaration.feature || planHasFeature(caller.planId, declaration.feature)) return
  const plan = cheapestPlanWith(declaration.feature)
  const planName = plan?.name ?? 'a higher'
  throw new AppError(
    'plan_upgrade_required',
    `${declaration.title} (${declaration.name}) needs the ${planName} plan or higher. ` +
      'Ask the account owner to upgrade at /subscription.',
    403,
    { feature: declaration.feature, requiredPlan: plan?.id ?? null }
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
