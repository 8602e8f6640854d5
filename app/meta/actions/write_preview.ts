import type { MetaObjectType } from '#meta/services/meta_access'
import type { GraphMethod } from '#meta/services/graph_client'

/**
 * One Graph API request exactly as Adrelay sends it (path after the version, parameters as
 * sent: objects are JSON-encoded on the wire; the token and appsecret_proof are added by the
 * client and never shown). Placeholders like `{copied_campaign_id}` stand for ids Meta returns
 * to an earlier request of the same write.
 */
export interface GraphRequestPlan {
  method: GraphMethod
  path: string
  params: Record<string, unknown>
}

/** What a write acts on. */
export type WriteObjectType =
  MetaObjectType | 'ad_account' | 'ad_creative' | 'ad_image' | 'budget_schedule'

/** One field a write changes: `before` → `after` (money in minor units). */
export interface FieldChange {
  field: string
  before: string | number | null
  after: string | number | null
}

/**
 * What every Meta write action returns. Without `confirm: true` nothing is sent to Meta and
 * `preview` is true (a dry run: the caller shows `changes` and calls again with confirm).
 * With `confirm: true` the change is applied (`applied` true) and `object` is re-read from Meta.
 */
export interface WriteResult<T extends Record<string, unknown> = Record<string, unknown>> {
  preview: boolean
  applied: boolean
  objectType: WriteObjectType
  /** The object written; null in the preview of a creation (Meta gives the id). */
  objectId: string | null
  name: string
  adAccountId: string
  currency: string
  changes: FieldChange[]
  /** The Graph requests the write sends (or sent), in order. */
  requests: GraphRequestPlan[]
  /** Things to know before confirming (e.g. a spend cap below the amount already spent). */
  warnings: string[]
  message: string
  object: T | null
}

export function previewResult<T extends Record<string, unknown>>(
  base: Omit<WriteResult<T>, 'preview' | 'applied' | 'message' | 'object'>
): WriteResult<T> {
  const unchanged = base.changes.every((change) => change.before === change.after)
  return {
    ...base,
    preview: true,
    applied: false,
    message: unchanged
      ? 'Nothing would change: the values are already set.'
      : 'Preview only: nothing was sent to Meta. Call again with confirm: true to apply.',
    object: null,
  }
}

export function appliedResult<T extends Record<string, unknown>>(
  base: Omit<WriteResult<T>, 'preview' | 'applied' | 'message' | 'object'>,
  object: T,
  sent: boolean
): WriteResult<T> {
  return {
    ...base,
    preview: false,
    applied: sent,
    message: sent ? 'Applied at Meta.' : 'Nothing to change: the values were already set.',
    object,
  }
}
