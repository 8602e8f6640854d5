import { describe, expect, it } from 'vitest'
import { formatPrice, isCurrentPlan, planModalButtonLabel } from '~/lib/plans'

describe('plan modal labels', () => {
  it('marks the current plan by plan id (the server says free without a subscription)', () => {
    expect(isCurrentPlan('trafficker', 'trafficker')).toBe(true)
    expect(isCurrentPlan('free', 'free')).toBe(true)
    expect(isCurrentPlan('agency', 'trafficker')).toBe(false)
    expect(planModalButtonLabel({ id: 'agency' }, 'agency')).toBe('Current Plan')
    expect(planModalButtonLabel({ id: 'free' }, 'agency')).toBe('Downgrade to Free')
    expect(planModalButtonLabel({ id: 'trafficker' }, 'free')).toBe('Start 14-day free trial')
  })
  it('formats prices in dollars', () => {
    expect(formatPrice(29)).toBe('$29')
    expect(formatPrice('99')).toBe('$99')
    expect(formatPrice(9.5)).toBe('$9.50')
  })
})
