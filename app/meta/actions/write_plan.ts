import type { MetaUserSession } from '#meta/services/meta_access'
import type { AdAccount } from '#meta/services/normalize'
import {
  appliedResult,
  previewResult,
  type RawChange,
  type GraphRequestPlan,
  type WriteObjectType,
  type WriteResult,
} from '#meta/actions/write_preview'

/** A parameter as a `changes` entry shows it (objects and lists as JSON text). */
export function displayValue(value: unknown): string | number | null {
  if (value === undefined || value === null) return null
  if (typeof value === 'number' || typeof value === 'string') return value
  if (typeof value === 'boolean') return String(value)
  return JSON.stringify(value)
}

/** Every parameter of a creation request as `field: null → value`. */
export function creationChanges(params: Record<string, unknown>): RawChange[] {
  return Object.entries(params)
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([field, value]) => ({ field, before: null, after: displayValue(value) }))
}

/** Drops undefined / null parameters so the preview shows exactly what is sent. */
export function compactParams(params: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(params).filter(([, value]) => value !== undefined && value !== null)
  )
}

/**
 * One Graph request of a write, sent with the user's token. Writes are not retried on network
 * errors (the Graph client only repeats reads), so a creation is never sent twice.
 */
export async function sendPlan(
  session: MetaUserSession,
  plan: GraphRequestPlan,
  account: AdAccount
) {
  const response = await session.request({
    method: plan.method,
    path: plan.path,
    params: plan.params,
    adAccountId: account.id,
  })
  return response.body as Record<string, any>
}

/**
 * A creation (campaign, ad set, creative, ad, budget schedule): without `confirm` a preview of
 * the exact request and of the object to be created; with it, the request is sent, Meta's new
 * id read from the answer (`id` unless `idOf` says otherwise) and the object read back.
 */
export async function runCreation<T extends Record<string, unknown>>(
  session: MetaUserSession,
  input: {
    objectType: WriteObjectType
    account: AdAccount
    name: string
    request: GraphRequestPlan
    confirm?: boolean
    warnings?: string[]
    idOf?: (body: Record<string, any>) => string
    read: (id: string) => Promise<T>
  }
): Promise<WriteResult> {
  const base = {
    objectType: input.objectType,
    objectId: null as string | null,
    name: input.name,
    adAccountId: input.account.id,
    currency: input.account.currency,
    changes: creationChanges(input.request.params),
    requests: [input.request],
    warnings: input.warnings ?? [],
  }
  if (!input.confirm) {
    return {
      ...previewResult(base),
      message: 'Preview only: nothing was created.',
    }
  }
  const body = await sendPlan(session, input.request, input.account)
  const id = String(input.idOf ? input.idOf(body) : body.id)
  const object = await input.read(id)
  return {
    ...appliedResult({ ...base, objectId: id }, object, true),
    message: `Created at Meta (id ${id}).`,
  }
}
