import { publishedRegistry } from '#automation/registry/published_actions'
import type { ActionCaller } from '#registry/define_action'
import type { PlanId } from '#accounts/plan_catalog'
import { AppError } from '#shared/errors'
import type { MetaSandbox } from '#stand_ins/meta_sandbox/meta_sandbox'
import { setPlan } from '#tests/helpers/factories'
import { IDS, createConnectedUser } from '#tests/helpers/meta'

/** Alex's retargeting ad sets in the Meta sandbox: daily budgets 5000 and 3000, ACTIVE. */
export const VISITORS = IDS.aboAdSet
export const CART = '120200000001022'
/** Their ad account (USD, America/New_York). */
export const ACCOUNT = 'act_100000000001'

/**
 * Runs a published action as `userId` on `planId` (Trafficker by default), as the REST, MCP
 * and CLI surfaces do: through the one registry.
 */
export function invoke(
  userId: number,
  name: string,
  input: unknown,
  planId: PlanId = 'trafficker'
): Promise<any> {
  const caller: ActionCaller = { userId, planId, tokenId: null }
  return publishedRegistry().invoke(name, caller, input) as Promise<any>
}

/** The AppError `promise` rejects with (anything else is rethrown; success fails the test). */
export async function failure(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof AppError) return error
    throw error
  }
  throw new Error('Expected a failure')
}

/** The writes the sandbox received (Graph API POSTs). */
export const posts = (sandbox: MetaSandbox) =>
  sandbox.requests.filter((request) => request.method === 'POST')

/**
 * A rule definition over the ad sets `ids` that always matches (they spend every day):
 * +40 % budget, capped at 20 % per action, every 15 minutes; `overrides` replace whole keys.
 */
export function alwaysMatchingRule(
  overrides: Record<string, unknown> = {},
  ids: string[] = [VISITORS, CART]
) {
  return {
    scope: { adAccountIds: [ACCOUNT], level: 'ad_set', filters: { ids } },
    conditions: {
      groups: [
        {
          conditions: [
            { kind: 'value', metric: 'spend', window: 'last_7d', operator: 'gt', value: 0 },
          ],
        },
      ],
    },
    actions: [{ type: 'increase_budget', percent: 40 }],
    guards: { maxChangePercentPerAction: 20 },
    schedule: { type: 'every', minutes: 15 },
    ...overrides,
  }
}

/** A user on the Trafficker plan with Alex's Meta connection. */
export async function traffickerWithMeta() {
  const user = await createConnectedUser()
  await setPlan(user, 'trafficker')
  return user
}

/** The ad set's daily budget as Meta has it now (minor units). */
export async function budgetOf(userId: number, adSetId: string) {
  const { adSet } = await invoke(userId, 'get_ad_set', { adSetId })
  return adSet.dailyBudget as number
}
