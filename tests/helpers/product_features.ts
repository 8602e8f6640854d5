import router from '@adonisjs/core/services/router'
import { publishedRegistry } from '#automation/registry/published_actions'
import { PRODUCT_FEATURES, type ProductFeatureAvailability } from '#automation/product_features'

/**
 * What each feature's flag must be in this build: its action is published, or its route is
 * registered. When the rules, alerts, leads or embeds module lands, the expectation flips with
 * it, and so must the pages (the browser tests read the same expectation).
 */
export function expectedAvailability(): ProductFeatureAvailability {
  return Object.fromEntries(
    PRODUCT_FEATURES.map((feature) => {
      if ('action' in feature.proof) {
        return [feature.id, publishedRegistry().find(feature.proof.action) !== undefined]
      }
      const [method, pattern] = feature.proof.route.split(' ')
      return [feature.id, router.find(pattern, undefined, method) !== null]
    })
  ) as ProductFeatureAvailability
}

/** The badge a page shows for a feature: its plan-gate label once it exists, else Coming Soon. */
export function badgeFor(feature: keyof ProductFeatureAvailability, whenBuilt: string): string {
  return expectedAvailability()[feature] ? whenBuilt : 'Coming Soon'
}
