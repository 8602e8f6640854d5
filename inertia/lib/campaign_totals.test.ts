import { describe, expect, it } from 'vitest'
import { totalsOf } from '~/lib/campaign_totals'
import type { RowMetrics } from '~/lib/campaigns'

const metrics = (figures: Partial<RowMetrics>): RowMetrics => ({
  spend: null,
  impressions: null,
  clicks: null,
  ctr: null,
  cpc: null,
  results: null,
  costPerResult: null,
  roas: null,
  ...figures,
})

describe('Campaigns page: the totals row', () => {
  it('adds spend, impressions and clicks and recomputes the ratios from the sums', () => {
    const totals = totalsOf([
      {
        resultKind: 'OUTCOME_SALES',
        metrics: metrics({ spend: 10_000, impressions: 8000, clicks: 100, results: 4, roas: 3 }),
      },
      {
        resultKind: 'OUTCOME_SALES',
        metrics: metrics({ spend: 30_000, impressions: 2000, clicks: 100, results: 16, roas: 1 }),
      },
    ])
    expect(totals).toEqual({
      spend: 40_000,
      impressions: 10_000,
      clicks: 200,
      ctr: 2,
      cpc: 200,
      results: 20,
      costPerResult: 2000,
      // (3 × 10,000 + 1 × 30,000) ÷ 40,000: the purchase value over the spend, not 2 (the mean).
      roas: 1.5,
    })
  })

  it('leaves results out when the rows count different results, or people reached', () => {
    const mixed = totalsOf([
      { resultKind: 'OUTCOME_SALES', metrics: metrics({ spend: 100, results: 2 }) },
      { resultKind: 'OUTCOME_TRAFFIC', metrics: metrics({ spend: 100, results: 50 }) },
    ])
    expect([mixed.spend, mixed.results, mixed.costPerResult]).toEqual([200, null, null])
    const reach = totalsOf([
      { resultKind: 'OUTCOME_AWARENESS', metrics: metrics({ spend: 100, results: 2000 }) },
      { resultKind: 'OUTCOME_AWARENESS', metrics: metrics({ spend: 100, results: 3000 }) },
    ])
    expect(reach.results).toBeNull()
  })

  it('shows no figure where no row has one', () => {
    expect(totalsOf([{ resultKind: 'OUTCOME_SALES', metrics: metrics({}) }])).toEqual(metrics({}))
  })
})
