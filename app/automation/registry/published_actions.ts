import type { ActionDeclaration } from '#registry/define_action'
import { ActionRegistry } from '#registry/action_registry'
import { usageTools } from '#usage/tools/index'
import { metaTools } from '#meta/tools/index'
import { rulesTools } from '#rules/tools/index'
import { alertsTools } from '#alerts/tools/index'
import { leadsTools } from '#leads/tools/index'

/**
 * Every published action, collected from the modules that publish them. Adding a module's
 * actions here is the only step needed to publish them as MCP tools, REST routes, OpenAPI
 * operations and Automation-page endpoints.
 */
export const publishedActions: readonly ActionDeclaration<any, any>[] = [
  ...usageTools,
  ...metaTools,
  ...rulesTools,
  ...alertsTools,
  ...leadsTools,
]

let registry: ActionRegistry | null = null

/**
 * The registry of `publishedActions`, built once per process (it holds declarations and
 * their JSON Schemas, no clients). The container binds `ActionRegistry` to it.
 */
export function publishedRegistry(): ActionRegistry {
  registry ??= new ActionRegistry(publishedActions)
  return registry
}
