import { AppError } from '#shared/errors'
import type { MetaUserSession } from '#meta/services/meta_access'
import { BUDGET_SCHEDULE_FIELDS, toBudgetSchedule, type AdAccount } from '#meta/services/normalize'

/** The campaign or ad set a budget schedule belongs to: exactly one id of the two. */
export async function scheduleOwner(
  session: MetaUserSession,
  input: { campaignId?: string; adSetId?: string }
) {
  if (Boolean(input.campaignId) === Boolean(input.adSetId)) {
    throw new AppError(
      'validation_failed',
      'Give a campaignId or an adSetId (one of the two).',
      422,
      {
        field: 'campaignId',
      }
    )
  }
  const type = input.campaignId ? ('campaign' as const) : ('ad_set' as const)
  const id = (input.campaignId ?? input.adSetId)!
  const { node, account } = await session.ownedObject(
    id,
    type,
    input.campaignId ? 'campaignId' : 'adSetId'
  )
  return { type, id, node, account }
}

/** Every budget schedule of an object (`GET /<id>/budget_schedules`, up to 5 pages of 50). */
export async function readSchedules(session: MetaUserSession, id: string, account: AdAccount) {
  const schedules: ReturnType<typeof toBudgetSchedule>[] = []
  let after: string | null = null
  for (let pageNumber = 0; pageNumber < 5; pageNumber++) {
    const page: { data: any[]; after: string | null } = await session.page(
      `${id}/budget_schedules`,
      { fields: BUDGET_SCHEDULE_FIELDS },
      { limit: 50, after, adAccountId: account.id }
    )
    schedules.push(...page.data.map((node) => toBudgetSchedule(node, account.currency)))
    if (!page.after) break
    after = page.after
  }
  return schedules
}
