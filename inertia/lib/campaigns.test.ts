import { describe, expect, it } from 'vitest'
import { ApiError } from '~/lib/api'
import {
  actionFailure,
  actionUrl,
  metricsOf,
  minorToInput,
  parseMoneyInput,
  sortRows,
  type RowMetrics,
} from '~/lib/campaigns'

/** An insights row as get_insights returns it (spend and cpc in minor units, ctr in %). */
const ROW = {
  spend: 12_345,
  impressions: 40_000,
  reach: 25_000,
  clicks: 800,
  ctr: 2,
  cpc: 15.43,
  actions: [
    { action_type: 'link_click', value: 600 },
    { action_type: 'purchase', value: 12 },
    { action_type: 'omni_purchase', value: 15 },
    { action_type: 'lead', value: 30 },
  ],
  action_values: [{ action_type: 'omni_purchase', value: 49_380 }],
}

describe('Campaigns page: insights columns', () => {
  it('counts the result of each objective and divides spend by it', () => {
    const sales = metricsOf(ROW, 'OUTCOME_SALES')
    expect(sales.results).toBe(15)
    expect(sales.costPerResult).toBeCloseTo(823)
    expect(metricsOf(ROW, 'OUTCOME_TRAFFIC').results).toBe(600)
    expect(metricsOf(ROW, 'OUTCOME_LEADS').results).toBe(30)
    expect(metricsOf(ROW, 'OUTCOME_AWARENESS').results).toBe(25_000)
    expect(metricsOf(ROW, 'OUTCOME_ENGAGEMENT').results).toBeNull()
  })

  it("takes ROAS from Meta's purchase_roas, else purchase value ÷ spend", () => {
    expect(metricsOf(ROW, 'OUTCOME_SALES').roas).toBeCloseTo(4)
    const withMeta = { ...ROW, purchase_roas: [{ action_type: 'omni_purchase', value: 3.5 }] }
    expect(metricsOf(withMeta, 'OUTCOME_SALES').roas).toBe(3.5)
    expect(metricsOf({ spend: 0 }, 'OUTCOME_SALES').roas).toBeNull()
  })

  it('shows no figures for an object without delivery in the period', () => {
    expect(Object.values(metricsOf(undefined, 'OUTCOME_SALES')).every((v) => v === null)).toBe(true)
  })

  it('sorts by a figure either way with missing figures last, or by name', () => {
    const row = (name: string, spend: number | null) => ({
      name,
      metrics: { spend } as RowMetrics,
    })
    const rows = [row('b', 10), row('a', null), row('c', 30)]
    expect(sortRows(rows, 'spend', 'desc').map((r) => r.name)).toEqual(['c', 'b', 'a'])
    expect(sortRows(rows, 'spend', 'asc').map((r) => r.name)).toEqual(['b', 'c', 'a'])
    expect(sortRows(rows, 'name', 'asc').map((r) => r.name)).toEqual(['a', 'b', 'c'])
  })
})

describe('Campaigns page: budgets typed in major units', () => {
  it('turns an amount into minor units with the currency decimals', () => {
    expect(parseMoneyInput('50', 'USD')).toBe(5000)
    expect(parseMoneyInput('1,250.5', 'USD')).toBe(125_050)
    expect(parseMoneyInput('1500', 'JPY')).toBe(1500)
    expect(minorToInput(5000, 'USD')).toBe('50.00')
  })

  it("uses Meta's currency offsets, not ISO 4217's decimals", () => {
    // HUF and TWD have two decimals in ISO 4217 but are whole units at Meta (offset 1);
    // BHD has three in ISO 4217 but two at Meta (offset 100).
    expect(parseMoneyInput('5000', 'HUF')).toBe(5000)
    expect(parseMoneyInput('300', 'TWD')).toBe(300)
    expect(parseMoneyInput('12.5', 'BHD')).toBe(1250)
    expect(parseMoneyInput('12.505', 'BHD')).toBeNull()
  })

  it('refuses zero, negatives, too many decimals and text', () => {
    for (const text of ['0', '-5', '10.999', 'ten', '', '1.5e3']) {
      expect(parseMoneyInput(text, 'USD')).toBeNull()
    }
    expect(parseMoneyInput('10.5', 'JPY')).toBeNull()
  })
})

describe('Campaigns page: action calls', () => {
  it('puts lists comma-separated and objects as JSON in the query string', () => {
    const url = actionUrl('estimate_audience_size', {
      adAccountId: 'act_1',
      targeting: { geo_locations: { countries: ['US'] } },
      specialAdCategories: ['HOUSING', 'CREDIT'],
      skipped: undefined,
    })
    const query = new URL(url, 'http://x').searchParams
    expect(url.startsWith('/api/actions/estimate_audience_size?')).toBe(true)
    expect(JSON.parse(query.get('targeting')!)).toEqual({ geo_locations: { countries: ['US'] } })
    expect(query.get('specialAdCategories')).toBe('HOUSING,CREDIT')
    expect(query.has('skipped')).toBe(false)
  })

  it("shows Meta's error_user_title / error_user_msg when Meta refused", () => {
    const body = JSON.stringify({
      error: {
        code: 'meta_error',
        message: 'Invalid parameter',
        metaUserTitle: 'Ad account disabled',
        metaUserMessage: 'This ad account has been disabled for unpaid balance.',
      },
    })
    expect(actionFailure(new ApiError(400, body, `400: ${body}`))).toEqual({
      code: 'meta_error',
      title: 'Ad account disabled',
      message: 'This ad account has been disabled for unpaid balance.',
    })
    const ours = JSON.stringify({
      error: { code: 'meta_budget_not_positive', message: 'The budget must be above 0.' },
    })
    expect(actionFailure(new ApiError(422, ours, `422: ${ours}`)).message).toBe(
      'The budget must be above 0.'
    )
  })
})
