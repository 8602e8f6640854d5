import { describe, expect, it } from 'vitest'
import {
  featureCards,
  groupByModule,
  remainingCalls,
  tokenDisplayName,
  usagePercentOneDecimal,
} from '~/lib/automation_rules'

const statusOf = (cards: ReturnType<typeof featureCards>) =>
  Object.fromEntries(cards.map((card) => [card.title, card.status]))

describe('usagePercentOneDecimal', () => {
  it('rounds to one decimal', () => {
    expect(usagePercentOneDecimal(1234, 10_000)).toBe(12.3)
    expect(usagePercentOneDecimal(1, 3)).toBe(33.3)
    expect(usagePercentOneDecimal(10_000, 10_000)).toBe(100)
  })
  it('is 0 without usage or limit', () => {
    expect(usagePercentOneDecimal(0, 10_000)).toBe(0)
    expect(usagePercentOneDecimal(5, 0)).toBe(0)
    expect(usagePercentOneDecimal(undefined, 10)).toBe(0)
  })
})

describe('remainingCalls', () => {
  it('never goes below zero', () => {
    expect(remainingCalls(10, 100)).toBe(90)
    expect(remainingCalls(120, 100)).toBe(0)
  })
})

const built = { performance_alerts: true, lead_tracking: true }
const notBuilt = { performance_alerts: false, lead_tracking: false }

describe('featureCards', () => {
  it('alerts and leads say Coming Soon on every plan until the features exist', () => {
    const agency = ['advanced_analytics', 'performance_alerts', 'lead_tracking'] as const
    for (const features of [[], agency]) {
      const status = statusOf(featureCards(true, features, notBuilt))
      expect(status['Performance Alerts']).toBe('Coming Soon')
      expect(status['Lead Tracking']).toBe('Coming Soon')
    }
    const status = statusOf(
      featureCards(true, agency, { performance_alerts: true, lead_tracking: false })
    )
    expect(status['Performance Alerts']).toBe('Available')
    expect(status['Lead Tracking']).toBe('Coming Soon')
  })
  it('a Meta status that failed to load is unavailable, never Setup Required', () => {
    const status = statusOf(featureCards(null, [], built))
    expect(status['Campaign Analytics']).toBe('Status unavailable')
    expect(status['Audience Insights']).toBe('Status unavailable')
    expect(status['Performance Alerts']).toBe('Premium Feature')
  })
  it('Free (no features) without Meta: setup required and premium', () => {
    expect(statusOf(featureCards(false, [], built))).toEqual({
      'Campaign Analytics': 'Setup Required',
      'Audience Insights': 'Setup Required',
      'Performance Alerts': 'Premium Feature',
      'Lead Tracking': 'Agency Only',
    })
  })
  it('Trafficker with Meta: alerts available, lead tracking Agency only', () => {
    const trafficker = ['advanced_analytics', 'performance_alerts', 'automation_tools'] as const
    expect(statusOf(featureCards(true, trafficker, built))).toEqual({
      'Campaign Analytics': 'Connected',
      'Audience Insights': 'Connected',
      'Performance Alerts': 'Available',
      'Lead Tracking': 'Agency Only',
    })
  })
  it('Agency: everything available', () => {
    const cards = featureCards(
      true,
      ['advanced_analytics', 'performance_alerts', 'lead_tracking', 'automation_tools'],
      built
    )
    expect(cards.every((card) => card.tone === 'ready')).toBe(true)
    expect(statusOf(cards)['Lead Tracking']).toBe('Available')
  })
})

describe('tokenDisplayName', () => {
  it("falls back to 'Unnamed Token'", () => {
    expect(tokenDisplayName(null)).toBe('Unnamed Token')
    expect(tokenDisplayName('  ')).toBe('Unnamed Token')
    expect(tokenDisplayName('n8n')).toBe('n8n')
  })
})

describe('groupByModule', () => {
  it('keeps the server order within and across modules', () => {
    const action = (module: string, name: string) => ({
      module,
      name,
      title: name,
      description: '',
      method: 'GET' as const,
      path: `/api/v1/${module}/${name}`,
      requiredPlan: null,
      readOnly: true,
      destructive: false,
    })
    const groups = groupByModule([action('usage', 'a'), action('meta', 'b'), action('usage', 'c')])
    expect(groups.map(([module, list]) => [module, list.map((item) => item.name)])).toEqual([
      ['usage', ['a', 'c']],
      ['meta', ['b']],
    ])
  })
})
