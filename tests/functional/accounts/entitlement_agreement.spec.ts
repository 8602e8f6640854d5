import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import Subscription, {
  type SubscriptionProvider,
  type SubscriptionStatus,
} from '#accounts/models/subscription'
import { entitlementOf } from '#accounts/actions/resolve_entitlement'
import { ApiKeyVerifier } from '#keys/services/api_key_verifier'
import { createApiKey, createUser } from '#tests/helpers/factories'
import { useRolledBackTransaction } from '#tests/helpers/rolled_back_transaction'

const STATUSES: SubscriptionStatus[] = [
  'trialing',
  'active',
  'past_due',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'unpaid',
  'paused',
]
const PROVIDERS: SubscriptionProvider[] = ['stripe', 'manual', 'invitation']
const PERIOD_ENDS = { past: -1, future: 1, none: null } as const

type Case = {
  status: SubscriptionStatus
  provider: SubscriptionProvider
  periodEnd: keyof typeof PERIOD_ENDS
}

const CASES: Case[] = STATUSES.flatMap((status) =>
  PROVIDERS.flatMap((provider) =>
    (Object.keys(PERIOD_ENDS) as Case['periodEnd'][]).map((periodEnd) => ({
      status,
      provider,
      periodEnd,
    }))
  )
)

/**
 * The API key verifier reads the subscription through its own joined query (the metered hot
 * path); the model, the entitlement service and the session user read the model. Both feed
 * the same rule, and they must agree on every row a user can have.
 */
test.group('Entitlement: the key verifier and the model agree', (group) => {
  useRolledBackTransaction(group)
  test('every status, provider and period end resolves to the same plan on both paths', async ({
    assert,
  }) => {
    const verifier = new ApiKeyVerifier(60_000)
    const disagreements: string[] = []
    let entitledCount = 0
    for (const { status, provider, periodEnd } of CASES) {
      const user = await createUser()
      const days = PERIOD_ENDS[periodEnd]
      const subscription = await Subscription.create({
        userId: user.id,
        planId: 'agency',
        status,
        provider,
        currentPeriodStart: DateTime.utc().minus({ months: 1 }),
        currentPeriodEnd: days === null ? null : DateTime.utc().plus({ days }),
      })
      const { key } = await createApiKey(user)
      const verified = await verifier.verify(key)
      const entitlement = await entitlementOf(user.id)
      const modelPlan = subscription.isEntitled ? 'agency' : 'free'
      if (subscription.isEntitled) entitledCount++
      if (verified?.planId !== modelPlan || entitlement.plan.id !== modelPlan) {
        disagreements.push(
          `${status}/${provider}/${periodEnd}: verifier ${verified?.planId}, model ${modelPlan}, ` +
            `entitlementOf ${entitlement.plan.id}`
        )
      }
      assert.equal(verified?.requestLimit, entitlement.requestLimit)
    }
    assert.deepEqual(disagreements, [])
    // 3 entitled statuses × 3 providers × 3 period ends, minus the ended invitation grants
    // (one per status) and the ended manual-mode trial.
    assert.equal(entitledCount, 3 * 3 * 3 - 3 - 1)
  })

  test('a user without a subscription is on Free on both paths', async ({ assert }) => {
    const user = await createUser()
    const { key } = await createApiKey(user)
    const verified = await new ApiKeyVerifier(60_000).verify(key)
    const entitlement = await entitlementOf(user.id)
    assert.equal(verified?.planId, 'free')
    assert.equal(entitlement.plan.id, 'free')
    assert.equal(verified?.requestLimit, entitlement.requestLimit)
  })
})
