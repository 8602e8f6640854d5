import type { ActionRegistry } from '#registry/action_registry'

/**
 * Product features that the screens promise, and what proves each one exists. A screen that
 * mentions a feature reads its `available` flag and says "Coming Soon" while it is false
 * (issue 12 §3: every claim is true in the product or labelled). Nobody sets the flag by
 * hand: it is derived from what the running server publishes, so it flips the moment the
 * feature's module registers its action (or route) and stays honest if it is removed.
 *
 * To add a feature: append a row here. `action` is the name of a published action
 * (`defineAction`, listed in `publishedActions`); `route` is `'<METHOD> <pattern>'` of a
 * route for features that are not published as actions (embed sessions).
 */
export const PRODUCT_FEATURES = [
  {
    id: 'automated_rules',
    title: 'Automated Rules',
    proof: { action: 'create_rule' },
  },
  {
    id: 'performance_alerts',
    title: 'Performance Alerts',
    proof: { action: 'list_notifications' },
  },
  {
    id: 'lead_tracking',
    title: 'Lead Tracking',
    proof: { action: 'list_leads' },
  },
  {
    id: 'embeds',
    title: 'Embeddable Widgets',
    proof: { route: 'POST /api/v1/embed/sessions' },
  },
] as const satisfies readonly ProductFeatureDefinition[]

/** One row of `PRODUCT_FEATURES`. */
export interface ProductFeatureDefinition {
  /** Stable snake_case id the screens key on. */
  id: string
  /** Name as the screens show it. */
  title: string
  /** What must exist for the feature to count as available: a published action or a route. */
  proof: { action: string } | { route: `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /${string}` }
}

export type ProductFeatureId = (typeof PRODUCT_FEATURES)[number]['id']

/** `{ automated_rules: true|false, performance_alerts: …, lead_tracking: …, embeds: … }` */
export type ProductFeatureAvailability = Record<ProductFeatureId, boolean>

/** Answers whether `method pattern` is a registered route (the router after commit). */
export type RouteLookup = (method: string, pattern: string) => boolean

/**
 * Computes the availability of every product feature from the action registry and the
 * router. Pure apart from its two inputs; cheap (a map lookup per feature).
 */
export function productFeatureAvailability(
  registry: Pick<ActionRegistry, 'find'>,
  hasRoute: RouteLookup,
  features: readonly ProductFeatureDefinition[] = PRODUCT_FEATURES
): ProductFeatureAvailability {
  const availability = {} as Record<string, boolean>
  for (const feature of features) {
    if ('action' in feature.proof) {
      availability[feature.id] = registry.find(feature.proof.action) !== undefined
    } else {
      const [method, pattern] = feature.proof.route.split(' ')
      availability[feature.id] = hasRoute(method, pattern)
    }
  }
  return availability as ProductFeatureAvailability
}
