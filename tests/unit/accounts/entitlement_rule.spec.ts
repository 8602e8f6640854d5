import { test } from '@japa/runner'
import { ENTITLED_STATUSES, isEntitled, planInEffect } from '#accounts/entitlement_rule'

const NOW = Date.UTC(2026, 5, 15, 12)
const DAY_MS = 86_400_000

test.group('Entitlement rule', () => {
  test('active, trialing and past_due grant the plan; every other Stripe status falls back to Free', ({
    assert,
  }) => {
    const statuses = ['trialing', 'active', 'past_due', 'canceled', 'incomplete']
    const granted = [...statuses, 'incomplete_expired', 'unpaid', 'paused'].filter((status) =>
      isEntitled({ status, provider: 'stripe', currentPeriodEndMs: NOW - DAY_MS }, NOW)
    )
    assert.sameMembers(granted, [...ENTITLED_STATUSES])
  })

  test('an invitation grant ends at its period end, a Stripe period end does not end it', ({
    assert,
  }) => {
    const grant = { status: 'active', provider: 'invitation', planId: 'agency' as const }
    assert.equal(planInEffect({ ...grant, currentPeriodEndMs: NOW + 1 }, NOW), 'agency')
    assert.equal(planInEffect({ ...grant, currentPeriodEndMs: NOW }, NOW), 'free')
    assert.equal(planInEffect({ ...grant, currentPeriodEndMs: null }, NOW), 'agency')
    assert.equal(
      planInEffect({ ...grant, provider: 'stripe', currentPeriodEndMs: NOW - DAY_MS }, NOW),
      'agency'
    )
  })

  test('a manual-mode free trial ends exactly at its end, an active manual plan does not', ({
    assert,
  }) => {
    const trial = { status: 'trialing', provider: 'manual', planId: 'trafficker' as const }
    const trialEnd = NOW + 14 * DAY_MS
    assert.equal(planInEffect({ ...trial, currentPeriodEndMs: trialEnd }, NOW), 'trafficker')
    assert.equal(
      planInEffect({ ...trial, currentPeriodEndMs: trialEnd }, trialEnd - 1),
      'trafficker'
    )
    assert.equal(planInEffect({ ...trial, currentPeriodEndMs: trialEnd }, trialEnd), 'free')
    assert.equal(
      planInEffect({ ...trial, status: 'active', currentPeriodEndMs: NOW - DAY_MS }, NOW),
      'trafficker'
    )
  })

  test('a user without a subscription is on Free', ({ assert }) => {
    assert.isFalse(isEntitled(null, NOW))
    assert.equal(planInEffect(null, NOW), 'free')
  })
})
