import type { MetaObjectType } from '#meta/services/meta_access'
import type { GraphMethod } from '#meta/services/graph_client'
import { changeLabel, changeValueText } from '#meta/services/change_text'

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

/** One field a write changes, as an action states it: `before` → `after` (money in minor units). */
export interface RawChange {
  field: string
  before: string | number | null
  after: string | number | null
}

/**
 * One field a write changes, as every surface shows it: the raw values for programs and the
 * same in the user's words (`label` "Daily budget", `afterText` "$40.00/day"; null: none).
 */
export interface FieldChange extends RawChange {
  label: string
  beforeText: string | null
  afterText: string | null
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

/** What a write action states; `previewResult` / `appliedResult` add the rest. */
export type WriteBase<T extends Record<string, unknown> = Record<string, unknown>> = Omit<
  WriteResult<T>,
  'preview' | 'applied' | 'message' | 'object' | 'changes'
> & { changes: RawChange[] }

/**
 * `changes` in the user's words: labels, and money in `currency` through the one formatter
 * (`change_text.ts`), each field read beside the write's other fields.
 */
export function describeChanges(changes: RawChange[], currency: string): FieldChange[] {
  const siblings = Object.fromEntries(
    changes.map((change) => [change.field, change.after ?? change.before])
  )
  return changes.map((change) => ({
    ...change,
    label: changeLabel(change.field),
    beforeText: changeValueText(change.field, change.before, { currency, siblings }),
    afterText: changeValueText(change.field, change.after, { currency, siblings }),
  }))
}

/**
 * The preview of a write. Its message says nothing was sent; how to confirm is added by the
 * registry in the words of the caller's surface (`call_surface.ts`).
 */
export function previewResult<T extends Record<string, unknown>>(
  base: WriteBase<T>
): WriteResult<T> {
  const unchanged = base.changes.every((change) => change.before === change.after)
  return {
    ...base,
    changes: describeChanges(base.changes, base.currency),
    preview: true,
    applied: false,
    message: unchanged
      ? 'Nothing would change: the values are already set.'
      : 'Preview only: nothing was sent to Meta.',
    object: null,
  }
}

export function appliedResult<T extends Record<string, unknown>>(
  base: WriteBase<T>,
  object: T,
  sent: boolean
): WriteResult<T> {
  return {
    ...base,
    changes: describeChanges(base.changes, base.currency),
    preview: false,
    applied: sent,
    message: sent ? 'Applied at Meta.' : 'Nothing to change: the values were already set.',
    object,
  }
}
