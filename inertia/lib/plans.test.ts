import { describe, expect, it } from 'vitest'
import { formatPrice, isCurrentPlan, planModalButtonLabel, trialText } from '~/lib/plans'

describe('plan modal labels', () => {
  it('marks the current plan by plan id (the server says free without a subscription)', () => {
    expect(isCurrentPlan('trafficker', 'trafficker')).toBe(true)
    expect(isCurrentPlan('free', 'free')).toBe(true)
    expect(isCurrentPlan('agency', 'trafficker')).toBe(false)
    expect(planModalButtonLabel({ id: 'agency' }, 'agency')).toBe('Current Plan')
    expect(planModalButtonLabel({ id: 'free' }, 'agency')).toBe('Downgrade to Free')
    expect(planModalButtonLabel({ id: 'trafficker' }, 'free')).toBe('Start 14-day free trial')
    expect(planModalButtonLabel({ id: 'trafficker' }, 'free', true)).toBe('Start 14-day free trial')
  })
  it('offers no second trial: Subscribe, and the trial line says it was used', () => {
    expect(planModalButtonLabel({ id: 'trafficker' }, 'free', false)).toBe('Subscribe')
    expect(planModalButtonLabel({ id: 'free' }, 'agency', false)).toBe('Downgrade to Free')
    expect(trialText(true)).toBe('All plans include a 14-day free trial. No credit card required.')
    expect(trialText(undefined)).toBe(
      'All plans include a 14-day free trial. No credit card required.'
    )
    expect(trialText(false)).toBe(
      'You have had your 14-day free trial: a paid plan starts at once.'
    )
  })
  it('a running trial is named with its end, not offered again nor said to be over', () => {
    const trialing = { status: 'trialing', trialEnd: '2026-12-13T10:00:00.000Z' }
    expect(trialText(false, trialing)).toBe(
      'Your free trial runs until December 13, 2026. Switching between paid plans keeps it.'
    )
    expect(trialText(false, { status: 'active', trialEnd: null })).toBe(
      'You have had your 14-day free trial: a paid plan starts at once.'
    )
    expect(trialText(true, null)).toBe(
      'All plans include a 14-day free trial. No credit card required.'
    )
  })
  it('formats prices in dollars', () => {
    expect(formatPrice(29)).toBe('$29')
    expect(formatPrice('99')).toBe('$99')
    expect(formatPrice(9.5)).toBe('$9.50')
  })
})
