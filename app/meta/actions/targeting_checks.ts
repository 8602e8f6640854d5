import { AppError } from '#shared/errors'
import type { MetaUserSession } from '#meta/services/meta_access'
import type { AdAccount } from '#meta/services/normalize'
import { assertTargetingAllowed } from '#meta/services/campaign_rules'

/** Every interest id in a targeting spec (top level, flexible_spec groups and exclusions). */
export function interestIds(targeting: Record<string, any>): string[] {
  const groups = [
    targeting,
    ...(Array.isArray(targeting.flexible_spec) ? targeting.flexible_spec : []),
    targeting.exclusions ?? {},
  ]
  return [
    ...new Set(
      groups.flatMap((group: any) =>
        Array.isArray(group?.interests) ? group.interests.map((item: any) => String(item.id)) : []
      )
    ),
  ]
}

/**
 * Asks Meta which interest ids are valid (`GET /search?type=adinterestvalid&interest_fbid_list=`,
 * Targeting Search) and returns the answer per id.
 */
export async function validateInterests(
  session: MetaUserSession,
  ids: string[],
  adAccountId?: string
): Promise<Array<{ id: string; name: string | null; valid: boolean }>> {
  if (ids.length === 0) return []
  const body = await session.get(
    'search',
    { type: 'adinterestvalid', interest_fbid_list: ids },
    adAccountId
  )
  const rows: any[] = Array.isArray(body?.data) ? body.data : []
  return ids.map((id) => {
    const row = rows.find((candidate) => String(candidate.id) === id)
    return { id, name: row?.name ?? null, valid: row?.valid === true }
  })
}

/**
 * The checks every targeting write makes before Meta is called: the Special Ad Category rules
 * of the campaign, then the interest ids (one Meta read).
 * @throws AppError 422 `meta_targeting_not_allowed` | `meta_invalid_interest`
 */
export async function checkTargeting(
  session: MetaUserSession,
  account: AdAccount,
  specialAdCategories: string[],
  targeting: Record<string, any>
) {
  assertTargetingAllowed(specialAdCategories, targeting)
  const rows = await validateInterests(session, interestIds(targeting), account.id)
  const invalid = rows.filter((row) => !row.valid)
  if (invalid.length > 0) {
    throw new AppError(
      'meta_invalid_interest',
      `Meta does not know the interest id${invalid.length === 1 ? '' : 's'} ${invalid.map((row) => row.id).join(', ')}. Find valid ones with search_targeting (type interests).`,
      422,
      { field: 'targeting.interests', invalidIds: invalid.map((row) => row.id) }
    )
  }
}

/**
 * Meta asks every new ad set to say whether Advantage+ audience may widen it
 * (`targeting_automation.advantage_audience`, required since v23): Adrelay sends 0 (keep to the
 * spec) unless the caller chose.
 */
export function withAdvantageAudience(targeting: Record<string, any>) {
  if (targeting.targeting_automation?.advantage_audience !== undefined) return targeting
  return { ...targeting, targeting_automation: { advantage_audience: 0 } }
}
