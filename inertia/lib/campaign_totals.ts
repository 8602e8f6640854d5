import type { RowMetrics } from '~/lib/campaigns'

/** One row of a table level, as the totals need it. */
export interface TotalledRow {
  metrics: RowMetrics
  /** What the row's result counts (rows add up only with rows counting the same thing). */
  resultKind: string | null
}

/** The kind of result that is a number of people, not of events: it does not add up. */
const UNIQUE_PEOPLE_RESULTS = new Set(['OUTCOME_AWARENESS'])

const sum = (values: Array<number | null>) => {
  const given = values.filter((value): value is number => value !== null)
  return given.length === 0 ? null : given.reduce((total, value) => total + value, 0)
}

/**
 * The totals row of a table level (Ads Manager's "Results from N campaigns"): spend,
 * impressions and clicks add up; CTR, CPC, cost per result and ROAS are recomputed from the
 * sums (never averaged). Results add up only when every row counts the same kind of result,
 * and not when that result is people reached (reach is not additive: one person seen by two
 * campaigns is one person); otherwise results and cost per result are null. ROAS is the
 * purchase value of all rows (ROAS × spend of each) over their spend, null when no row has one.
 * Money in minor units, CTR in percent, as `RowMetrics`.
 */
export function totalsOf(rows: TotalledRow[]): RowMetrics {
  const spend = sum(rows.map((row) => row.metrics.spend))
  const impressions = sum(rows.map((row) => row.metrics.impressions))
  const clicks = sum(rows.map((row) => row.metrics.clicks))
  const kinds = new Set(rows.map((row) => row.resultKind))
  const [kind] = kinds
  const additive = kinds.size === 1 && kind !== null && !UNIQUE_PEOPLE_RESULTS.has(kind)
  const results = additive ? sum(rows.map((row) => row.metrics.results)) : null
  const withRoas = rows.filter((row) => row.metrics.roas !== null)
  const purchaseValue = withRoas.reduce(
    (total, row) => total + row.metrics.roas! * (row.metrics.spend ?? 0),
    0
  )
  return {
    spend,
    impressions,
    clicks,
    ctr: impressions && clicks !== null ? (clicks / impressions) * 100 : null,
    cpc: spend !== null && clicks ? spend / clicks : null,
    results,
    costPerResult: spend !== null && results ? spend / results : null,
    roas: withRoas.length > 0 && spend ? purchaseValue / spend : null,
  }
}
