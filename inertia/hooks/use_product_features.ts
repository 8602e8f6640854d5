import { usePage } from '@inertiajs/react'
import type { ProductFeatureAvailability, SharedProps } from '~/types'

/**
 * Which promised product features exist in this server (shared prop `productFeatures`,
 * derived on the server from the action registry: app/automation/product_features.ts).
 * A screen that mentions a feature shows "Coming Soon" while its flag is false.
 */
export function useProductFeatures(): ProductFeatureAvailability {
  return usePage<SharedProps>().props.productFeatures
}
