import { useState, type ReactNode } from 'react'
import { ArrowDown, ArrowUp, ArrowUpDown, Loader2 } from 'lucide-react'
import { useAdSets, useAds, useLevelInsights } from '~/hooks/use_campaigns'
import { metricsOf, METRIC_COLUMNS, sortRows, type MetricKey } from '~/lib/campaigns'
import { totalsOf } from '~/lib/campaign_totals'
import { cn } from '~/lib/utils'
import { MessageRow, Row, TotalsRow } from '~/components/campaigns/campaign_row'
import type {
  SortState,
  TreeHandlers,
  TreeObject,
} from '~/components/campaigns/campaign_tree_types'
import type { Ad, AdSet, Campaign, InsightsRow } from '~/types'

export type {
  SortState,
  TreeHandlers,
  TreeKind,
  TreeObject,
  WriteRequest,
} from '~/components/campaigns/campaign_tree_types'

/** `ids` with `id` added, or removed when it was there (the expanded rows). */
function toggled(ids: Set<string>, id: string) {
  const next = new Set(ids)
  if (next.has(id)) next.delete(id)
  else next.add(id)
  return next
}

function byId(rows: InsightsRow[] | undefined, field: string) {
  const map = new Map<string, InsightsRow>()
  for (const row of rows ?? []) map.set(String(row[field]), row)
  return map
}

export function campaignObject(campaign: Campaign, insights?: InsightsRow): TreeObject {
  return {
    kind: 'campaign',
    id: campaign.id,
    name: campaign.name,
    status: campaign.status,
    effectiveStatus: campaign.effectiveStatus,
    objective: campaign.objective,
    currency: campaign.currency,
    dailyBudget: campaign.dailyBudget,
    lifetimeBudget: campaign.lifetimeBudget,
    underCampaignBudget: false,
    metrics: metricsOf(insights, campaign.objective),
  }
}

function adSetObject(adSet: AdSet, parent: TreeObject, insights?: InsightsRow): TreeObject {
  return {
    kind: 'ad_set',
    id: adSet.id,
    name: adSet.name,
    status: adSet.status,
    effectiveStatus: adSet.effectiveStatus,
    objective: parent.objective,
    currency: adSet.currency,
    dailyBudget: adSet.dailyBudget,
    lifetimeBudget: adSet.lifetimeBudget,
    underCampaignBudget: parent.dailyBudget !== null || parent.lifetimeBudget !== null,
    metrics: metricsOf(insights, parent.objective),
  }
}

function adObject(ad: Ad, parent: TreeObject, insights?: InsightsRow): TreeObject {
  return {
    kind: 'ad',
    id: ad.id,
    name: ad.name,
    status: ad.status,
    effectiveStatus: ad.effectiveStatus,
    objective: parent.objective,
    currency: parent.currency,
    dailyBudget: null,
    lifetimeBudget: null,
    underCampaignBudget: false,
    metrics: metricsOf(insights, parent.objective),
  }
}

function AdRows({
  adSet,
  datePreset,
  sort,
  handlers,
}: {
  adSet: TreeObject
  datePreset: string
  sort: SortState
  handlers: TreeHandlers
}) {
  const ads = useAds(adSet.id, true)
  const insights = useLevelInsights(adSet.id, 'ad', datePreset)
  if (ads.isLoading) return <MessageRow level="ad">Loading ads…</MessageRow>
  if (ads.isError) return <MessageRow level="ad">The ads could not be loaded.</MessageRow>
  const rows = byId(insights.data?.rows, 'ad_id')
  const objects = (ads.data?.ads ?? []).map((ad) => adObject(ad, adSet, rows.get(ad.id)))
  if (objects.length === 0) return <MessageRow level="ad">No ads in this ad set.</MessageRow>
  return (
    <>
      {sortRows(objects, sort.key, sort.direction).map((object) => (
        <Row key={object.id} object={object} handlers={handlers} />
      ))}
    </>
  )
}

function AdSetRows({
  campaign,
  datePreset,
  sort,
  handlers,
}: {
  campaign: TreeObject
  datePreset: string
  sort: SortState
  handlers: TreeHandlers
}) {
  const adSets = useAdSets(campaign.id, true)
  const insights = useLevelInsights(campaign.id, 'adset', datePreset)
  const [open, setOpen] = useState<Set<string>>(new Set())
  if (adSets.isLoading) return <MessageRow level="ad_set">Loading ad sets…</MessageRow>
  if (adSets.isError)
    return <MessageRow level="ad_set">The ad sets could not be loaded.</MessageRow>
  const rows = byId(insights.data?.rows, 'adset_id')
  const objects = (adSets.data?.adSets ?? []).map((adSet) =>
    adSetObject(adSet, campaign, rows.get(adSet.id))
  )
  if (objects.length === 0)
    return <MessageRow level="ad_set">No ad sets in this campaign.</MessageRow>
  return (
    <>
      {sortRows(objects, sort.key, sort.direction).map((object) => (
        <SubTree
          key={object.id}
          object={object}
          expanded={open.has(object.id)}
          onToggle={() => setOpen((current) => toggled(current, object.id))}
          handlers={handlers}
        >
          <AdRows adSet={object} datePreset={datePreset} sort={sort} handlers={handlers} />
        </SubTree>
      ))}
    </>
  )
}

function SubTree({
  object,
  expanded,
  onToggle,
  handlers,
  children,
}: {
  object: TreeObject
  expanded: boolean
  onToggle: () => void
  handlers: TreeHandlers
  children: ReactNode
}) {
  return (
    <>
      <Row object={object} handlers={handlers} expanded={expanded} onToggle={onToggle} />
      {expanded && children}
    </>
  )
}

function SortHeader({
  label,
  sortKey,
  sort,
  onSort,
  align = 'right',
  className,
}: {
  label: string
  sortKey: MetricKey | 'name'
  sort: SortState
  onSort: (key: MetricKey | 'name') => void
  align?: 'left' | 'right'
  className?: string
}) {
  const active = sort.key === sortKey
  const Icon = !active ? ArrowUpDown : sort.direction === 'asc' ? ArrowUp : ArrowDown
  return (
    <th
      scope="col"
      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
      className={cn(
        'px-3 py-2 font-medium whitespace-nowrap',
        align === 'right' ? 'text-right' : 'text-left',
        className
      )}
    >
      <button
        type="button"
        onClick={() => onSort(sortKey)}
        className="inline-flex items-center gap-1 rounded hover:text-slate-950 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
      >
        {label}
        <Icon className="size-3" aria-hidden="true" />
      </button>
    </th>
  )
}

/**
 * Campaigns → ad sets → ads of one ad account as a table: a delivery switch per row, the budget
 * editable in place (campaign budget or ad set budget, whichever Meta holds), the insights
 * columns for `datePreset` from one `get_insights` call per level, sortable (children sort
 * within their parent), a menu with Details, Duplicate and Archive beside each name, and a
 * totals row of the campaigns. Every write goes through `handlers.onWrite` (the
 * preview/confirm dialog). The figures people compare first (spend, results, cost per result,
 * ROAS) come first, so they fit at 1280 px; on narrower screens the table scrolls inside its
 * own box with the name column kept in view.
 */
export function CampaignTree({
  adAccountId,
  campaigns,
  datePreset,
  handlers,
}: {
  adAccountId: string
  campaigns: Campaign[]
  datePreset: string
  handlers: TreeHandlers
}) {
  const [sort, setSort] = useState<SortState>({ key: 'spend', direction: 'desc' })
  const [open, setOpen] = useState<Set<string>>(new Set())
  const insights = useLevelInsights(adAccountId, 'campaign', datePreset)
  const rows = byId(insights.data?.rows, 'campaign_id')
  const objects = campaigns.map((campaign) => campaignObject(campaign, rows.get(campaign.id)))
  const totals = totalsOf(
    objects.map((object) => ({ metrics: object.metrics, resultKind: object.objective }))
  )
  const onSort = (key: MetricKey | 'name') =>
    setSort((current) =>
      current.key === key
        ? { key, direction: current.direction === 'asc' ? 'desc' : 'asc' }
        : { key, direction: key === 'name' ? 'asc' : 'desc' }
    )

  return (
    <div className="min-w-0">
      {insights.isError && (
        <p className="mb-2 text-sm text-amber-800" role="status">
          The insights could not be loaded right now; the figures show —.
        </p>
      )}
      <div
        className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white"
        data-testid="campaign-tree"
      >
        <table className="w-full text-sm">
          <caption className="sr-only">Campaigns, ad sets and ads with their insights</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs text-slate-600">
            <tr>
              <SortHeader
                label="Name"
                sortKey="name"
                sort={sort}
                onSort={onSort}
                align="left"
                className="sticky left-0 z-10 bg-slate-50 shadow-[1px_0_0_0_theme(colors.slate.200)]"
              />
              <th scope="col" className="px-3 py-2 text-left font-medium">
                <span className="inline-flex items-center gap-1">
                  Budget
                  {insights.isFetching && (
                    <Loader2 className="size-3 animate-spin" aria-label="Loading insights" />
                  )}
                </span>
              </th>
              {METRIC_COLUMNS.map((column) => (
                <SortHeader
                  key={column.key}
                  label={column.label}
                  sortKey={column.key}
                  sort={sort}
                  onSort={onSort}
                />
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {sortRows(objects, sort.key, sort.direction).map((object) => (
              <SubTree
                key={object.id}
                object={object}
                expanded={open.has(object.id)}
                onToggle={() => setOpen((current) => toggled(current, object.id))}
                handlers={handlers}
              >
                <AdSetRows
                  campaign={object}
                  datePreset={datePreset}
                  sort={sort}
                  handlers={handlers}
                />
              </SubTree>
            ))}
          </tbody>
          {objects.length > 1 && (
            <tfoot className="border-t border-slate-200">
              <TotalsRow
                label={`Total of ${objects.length} campaigns`}
                metrics={totals}
                currency={objects[0].currency}
              />
            </tfoot>
          )}
        </table>
      </div>
    </div>
  )
}
