import { describe, expect, it } from 'vitest'
import { effectiveDateLabel, normalizeCodeInput, planButtonLabel } from '~/lib/billing'

const free = { id: 'free', name: 'Free', price: 0 }
const trafficker = { id: 'trafficker', name: 'Trafficker', price: 29 }
const agency = { id: 'agency', name: 'Agency', price: 99 }

describe('Subscription page button labels (spec §2)', () => {
  it('the current plan reads Current Plan, compared by plan id', () => {
    expect(
      planButtonLabel({
        plan: trafficker,
        currentPlan: { id: 'trafficker', price: 29 },
        active: true,
        previewPending: false,
      })
    ).toBe('Current Plan')
  })

  it('Free reads Downgrade to Free', () => {
    expect(
      planButtonLabel({ plan: free, currentPlan: agency, active: true, previewPending: false })
    ).toBe('Downgrade to Free')
  })

  it('with an active subscription, Upgrade Plan or Downgrade Plan by price', () => {
    expect(
      planButtonLabel({
        plan: agency,
        currentPlan: trafficker,
        active: true,
        previewPending: false,
      })
    ).toBe('Upgrade Plan')
    expect(
      planButtonLabel({
        plan: trafficker,
        currentPlan: agency,
        active: true,
        previewPending: false,
      })
    ).toBe('Downgrade Plan')
  })

  it('otherwise Start 14-day free trial, and Loading... while that plan is previewed', () => {
    expect(
      planButtonLabel({ plan: agency, currentPlan: free, active: false, previewPending: false })
    ).toBe('Start 14-day free trial')
    expect(
      planButtonLabel({
        plan: agency,
        currentPlan: free,
        active: false,
        previewPending: false,
        trialAvailable: false,
      })
    ).toBe('Subscribe')
    expect(
      planButtonLabel({ plan: agency, currentPlan: trafficker, active: true, previewPending: true })
    ).toBe('Loading...')
  })
})

describe('change preview and invitation input', () => {
  it('an upgrade is effective Immediately; a downgrade on its date (UTC)', () => {
    expect(
      effectiveDateLabel({
        isUpgrade: true,
        immediate: true,
        effectiveDate: '2026-03-05T00:00:00Z',
      })
    ).toBe('Immediately')
    expect(
      effectiveDateLabel({
        isUpgrade: false,
        immediate: false,
        effectiveDate: '2026-03-05T00:00:00Z',
      })
    ).toBe('March 5, 2026')
  })

  it('a downgrade that applies at once (manual mode) says Immediately, as its message does', () => {
    expect(
      effectiveDateLabel({
        isUpgrade: false,
        immediate: true,
        effectiveDate: '2026-03-05T00:00:00Z',
      })
    ).toBe('Immediately')
  })

  it('codes are upper-cased as typed', () => {
    expect(normalizeCodeInput('spring-2026')).toBe('SPRING-2026')
  })
})
