/**
 * Display rules of the Campaigns page, kept pure so they are tested without a browser: the
 * insights columns computed from an Ads Insights row, sorting, money input, labels, and the
 * readable form of an action's error (Meta's own text first).
 */
import { ApiError } from '~/lib/api'
import type { InsightsRow } from '~/types'
import { metaCurrencyExponent } from '../../app/meta/currency_offsets'
import { STATUS_LABELS, labelOf } from '../../app/meta/meta_words'

/** Labels of the date presets the page offers (Meta `date_preset` values). */
export const DATE_PRESET_LABELS: Record<string, string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  last_7d: 'Last 7 days',
  last_14d: 'Last 14 days',
  last_30d: 'Last 30 days',
  this_month: 'This month',
  last_month: 'Last month',
  maximum: 'Lifetime',
}

/** Labels of Meta's outcome-based objectives (the server's table, one for both). */
export { OBJECTIVE_LABELS, conversionEventLabel } from '../../app/meta/meta_words'

/** A configured or effective status in words (`CAMPAIGN_PAUSED` → `Campaign paused`). */
export function statusLabel(status: string): string {
  return labelOf(STATUS_LABELS, status)
}

/**
 * The action type counted as a "result" per objective, in order of preference: the result
 * Ads Manager reports for the objective's default optimization goal (REACH, LINK_CLICKS,
 * POST_ENGAGEMENT, LEAD_GENERATION, APP_INSTALLS, OFFSITE_CONVERSIONS). Awareness counts reach,
 * which is a field, not an action.
 */
export const RESULT_ACTION_TYPES: Record<string, string[]> = {
  OUTCOME_TRAFFIC: ['link_click', 'landing_page_view'],
  OUTCOME_ENGAGEMENT: ['post_engagement', 'page_engagement'],
  OUTCOME_LEADS: ['lead', 'onsite_conversion.lead_grouped', 'offsite_conversion.fb_pixel_lead'],
  OUTCOME_APP_PROMOTION: ['mobile_app_install', 'app_install'],
  OUTCOME_SALES: ['omni_purchase', 'purchase', 'offsite_conversion.fb_pixel_purchase'],
}

/** The figures of one row of the tree (money in minor units of the account currency). */
export interface RowMetrics {
  spend: number | null
  impressions: number | null
  clicks: number | null
  /** Percent (Meta's `ctr`). */
  ctr: number | null
  /** Minor units per click. */
  cpc: number | null
  results: number | null
  /** Minor units per result. */
  costPerResult: number | null
  /** Purchase value ÷ spend. */
  roas: number | null
}

export type MetricKey = keyof RowMetrics

/**
 * The insights columns, in the order the table shows them: the ones people compare first
 * (spend, results, cost per result, ROAS) before the delivery counts.
 */
export const METRIC_COLUMNS: Array<{ key: MetricKey; label: string }> = [
  { key: 'spend', label: 'Spend' },
  { key: 'results', label: 'Results' },
  { key: 'costPerResult', label: 'Cost per result' },
  { key: 'roas', label: 'ROAS' },
  { key: 'impressions', label: 'Impressions' },
  { key: 'clicks', label: 'Clicks' },
  { key: 'ctr', label: 'CTR' },
  { key: 'cpc', label: 'CPC' },
]

const EMPTY_METRICS: RowMetrics = {
  spend: null,
  impressions: null,
  clicks: null,
  ctr: null,
  cpc: null,
  results: null,
  costPerResult: null,
  roas: null,
}

function num(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null
}

function actionValue(list: unknown, type: string): number | null {
  if (!Array.isArray(list)) return null
  const entry = list.find(
    (item) => item && (item as { action_type?: unknown }).action_type === type
  ) as { value?: unknown } | undefined
  return entry ? num(entry.value) : null
}

/**
 * The page's columns from one insights row (as `get_insights` returns it: spend in minor
 * units, cpc in minor units, ctr in percent) and the objective of the campaign it belongs to.
 * Without a row (no delivery in the period) every figure is null.
 */
export function metricsOf(row: InsightsRow | undefined, objective: string | null): RowMetrics {
  if (!row) return EMPTY_METRICS
  const spend = num(row.spend) ?? 0
  let results: number | null = null
  if (objective === 'OUTCOME_AWARENESS') {
    results = num(row.reach)
  } else {
    for (const type of RESULT_ACTION_TYPES[objective ?? ''] ?? []) {
      results = actionValue(row.actions, type)
      if (results !== null) break
    }
  }
  const purchaseValue =
    actionValue(row.action_values, 'omni_purchase') ?? actionValue(row.action_values, 'purchase')
  const roasFromMeta =
    actionValue(row.purchase_roas, 'omni_purchase') ?? actionValue(row.purchase_roas, 'purchase')
  return {
    spend,
    impressions: num(row.impressions),
    clicks: num(row.clicks),
    ctr: num(row.ctr),
    cpc: num(row.cpc),
    results,
    costPerResult: results && results > 0 ? spend / results : null,
    roas: roasFromMeta ?? (purchaseValue !== null && spend > 0 ? purchaseValue / spend : null),
  }
}

export type SortDirection = 'asc' | 'desc'

/**
 * Sorts rows by a metric (or by name with `key` 'name'); rows without the figure go last in
 * both directions, ties keep name order.
 */
export function sortRows<T extends { name: string; metrics: RowMetrics }>(
  rows: T[],
  key: MetricKey | 'name',
  direction: SortDirection
): T[] {
  const factor = direction === 'asc' ? 1 : -1
  return [...rows].sort((a, b) => {
    if (key === 'name') return factor * a.name.localeCompare(b.name)
    const left = a.metrics[key]
    const right = b.metrics[key]
    if (left === null && right === null) return a.name.localeCompare(b.name)
    if (left === null) return 1
    if (right === null) return -1
    return left === right ? a.name.localeCompare(b.name) : factor * (left - right)
  })
}

/**
 * Decimals of `currency` as Meta counts its minor units (2 for USD, 0 for JPY, HUF or TWD):
 * Meta's currency offsets, the same table the server uses (app/meta/currency_offsets.ts).
 */
export function currencyDigits(currency: string): number {
  return metaCurrencyExponent(currency)
}

/**
 * Minor units → major units of a currency with `digits` decimals (`currencyDigits`):
 * 12345 with 2 → 123.45, 5000 with 0 (JPY) → 5000.
 */
export function minorToMajor(minor: number, digits: number): number {
  return Math.round(minor) / 10 ** digits
}

/**
 * Major units → integer minor units of a currency with `digits` decimals: 123.45 with 2 →
 * 12345, 5000 with 0 (JPY) → 5000 (Meta takes budgets in these minor units).
 */
export function majorToMinor(major: number, digits: number): number {
  return Math.round(major * 10 ** digits)
}

/**
 * A budget typed in major units ("50", "49.99", "1,250") → integer minor units, or null when
 * it is not a positive amount with at most the currency's decimals.
 */
export function parseMoneyInput(text: string, currency: string): number | null {
  const cleaned = text.trim().replace(/[,\s]/g, '')
  const digits = currencyDigits(currency)
  const pattern = digits === 0 ? /^\d+$/ : new RegExp(`^\\d+(\\.\\d{1,${digits}})?$`)
  if (!pattern.test(cleaned)) return null
  const minor = majorToMinor(Number(cleaned), digits)
  return minor > 0 ? minor : null
}

/** Minor units → the major-unit text a budget input starts with ("50.00"). */
export function minorToInput(minor: number, currency: string): string {
  const digits = currencyDigits(currency)
  return minorToMajor(minor, digits).toFixed(digits)
}

/** `1,234` / `—`. */
export function formatCount(value: number | null): string {
  return value === null ? '—' : Math.round(value).toLocaleString('en-US')
}

/** `1.23%` / `—`. */
export function formatPercent(value: number | null): string {
  return value === null ? '—' : `${value.toFixed(2)}%`
}

/** `2.41` (×) / `—`. */
export function formatRatio(value: number | null): string {
  return value === null ? '—' : value.toFixed(2)
}

/** What the page shows when an action fails: Meta's own title and text when Meta refused. */
export interface ActionFailure {
  code: string | null
  title: string
  message: string
}

/**
 * Reads a failed action call: Meta's `error_user_title` / `error_user_msg` (kept by the server
 * as `metaUserTitle` / `metaUserMessage`) when present, else the server's message.
 */
export function actionFailure(error: unknown): ActionFailure {
  if (error instanceof ApiError) {
    const body = (error.body as { error?: Record<string, unknown> } | null)?.error ?? {}
    const metaTitle = typeof body.metaUserTitle === 'string' ? body.metaUserTitle : null
    const metaMessage = typeof body.metaUserMessage === 'string' ? body.metaUserMessage : null
    if (metaTitle || metaMessage) {
      return {
        code: error.code ?? null,
        title: metaTitle ?? 'Meta refused the change',
        message: metaMessage ?? error.serverMessage ?? error.message,
      }
    }
    return {
      code: error.code ?? null,
      title: error.code === 'plan_upgrade_required' ? 'Paid plan needed' : 'Not done',
      message: error.serverMessage ?? error.message,
    }
  }
  return {
    code: null,
    title: 'Not done',
    message: error instanceof Error ? error.message : 'Something went wrong.',
  }
}

/** The URL of a read-only action through the session adapter, with its query string. */
export function actionUrl(name: string, params: Record<string, unknown> = {}): string {
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue
    // Lists as comma-separated values and objects as JSON text, as the adapter coerces them.
    const text = Array.isArray(value)
      ? value.join(',')
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value)
    query.set(key, text)
  }
  const text = query.toString()
  return `/api/actions/${name}${text ? `?${text}` : ''}`
}
