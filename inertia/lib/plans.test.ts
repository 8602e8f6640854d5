import { describe, expect, it } from 'vitest'
import { formatPrice, isCurrentPlan, planModalButtonLabel } from '~/lib/plans'
import { hasActiveSubscription, planLabel } from '~/lib/subscription'
import type { SessionUser } from '~/lib/types'

function userOn(planId: string, name: string, status: string): SessionUser {
  return {
    id: 1,
    email: 'a@b.c',
    firstName: null,
    lastName: null,
    role: 'user',
    createdAt: null,
    apiTokensCount: 0,
    subscription: { status, plan: { id: planId, name, price: 0, requestLimit: 10000 } },
  }
}

describe('plan modal labels', () => {
  it('marks the current plan case-insensitively, Free by default', () => {
    expect(isCurrentPlan('Trafficker', 'trafficker')).toBe(true)
    expect(isCurrentPlan('Free', null)).toBe(true)
    expect(planModalButtonLabel({ id: 'agency', name: 'Agency' }, 'AGENCY')).toBe('Current Plan')
    expect(planModalButtonLabel({ id: 'free', name: 'Free' }, 'Agency')).toBe('Downgrade to Free')
    expect(planModalButtonLabel({ id: 'trafficker', name: 'Trafficker' }, undefined)).toBe(
      'Start 14-day free trial'
    )
  })
  it('formats prices in dollars', () => {
    expect(formatPrice(29)).toBe('$29')
    expect(formatPrice('99')).toBe('$99')
    expect(formatPrice(9.5)).toBe('$9.50')
  })
})

describe('hasActiveSubscription', () => {
  it('is true for an active or trialing paid plan only', () => {
    expect(hasActiveSubscription(userOn('trafficker', 'Trafficker', 'active'))).toBe(true)
    expect(hasActiveSubscription(userOn('agency', 'Agency', 'trialing'))).toBe(true)
    expect(hasActiveSubscription(userOn('agency', 'Agency', 'past_due'))).toBe(false)
    expect(hasActiveSubscription(userOn('free', 'Free', 'active'))).toBe(false)
    expect(hasActiveSubscription(null)).toBe(false)
  })
  it('labels the plan, Free Plan by default', () => {
    expect(planLabel(userOn('agency', 'Agency', 'active'))).toBe('Agency Plan')
    expect(planLabel(null)).toBe('Free Plan')
  })
})
