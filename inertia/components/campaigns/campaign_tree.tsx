import { useState, type FormEvent, type ReactNode } from 'react'
import { DropdownMenu } from 'radix-ui'
import {
  ArrowDown,
  ArrowUp,
  ArrowUpDown,
  ChevronDown,
  ChevronRight,
  Loader2,
  MoreHorizontal,
  Pencil,
} from 'lucide-react'
import { Button } from '~/components/ui/button'
import { useAdSets, useAds, useLevelInsights } from '~/hooks/use_campaigns'
import { formatMoney } from '~/lib/format'
import {
  formatCount,
  formatPercent,
  formatRatio,
  metricsOf,
  METRIC_COLUMNS,
  minorToInput,
  parseMoneyInput,
  sortRows,
  type MetricKey,
  type RowMetrics,
  type SortDirection,
} from '~/lib/campaigns'
import { cn } from '~/lib/utils'
import type { Ad, AdSet, Campaign, InsightsRow } from '~/types'

export type TreeKind = 'campaign' | 'ad_set' | 'ad'

/** One row of the tree, whatever its level. */
export interface TreeObject {
  kind: TreeKind
  id: string
  name: string
  status: string
  effectiveStatus: string
  /** The campaign's objective (ad sets and ads inherit it; decides what a result is). */
  objective: string | null
  currency: string
  dailyBudget: number | null
  lifetimeBudget: number | null
  /** An ad set under a campaign budget has none of its own. */
  underCampaignBudget: boolean
  metrics: RowMetrics
}

/** A write the page should preview and confirm (see WritePreviewDialog). */
export interface WriteRequest {
  title: string
  action: string
  input: Record<string, unknown>
  confirmLabel: string
  successTitle: string
  destructive?: boolean
}

export interface TreeHandlers {
  onWrite: (request: WriteRequest) => void
  onDetails: (object: TreeObject) => void
}

export interface SortState {
  key: MetricKey | 'name'
  direction: SortDirection
}

const KIND_LABEL: Record<TreeKind, string> = { campaign: 'Campaign', ad_set: 'Ad set', ad: 'Ad' }
const ID_FIELD: Record<TreeKind, string> = {
  campaign: 'campaignId',
  ad_set: 'adSetId',
  ad: 'adId',
}
const STATUS_ACTION: Record<TreeKind, string> = {
  campaign: 'update_campaign_status',
  ad_set: 'update_ad_set_status',
  ad: 'update_ad_status',
}
const BUDGET_ACTION: Record<Exclude<TreeKind, 'ad'>, string> = {
  campaign: 'update_campaign_budget',
  ad_set: 'update_ad_set_budget',
}
const DUPLICATE_ACTION: Record<TreeKind, string> = {
  campaign: 'duplicate_campaign',
  ad_set: 'duplicate_ad_set',
  ad: 'duplicate_ad',
}

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

function metricText(key: MetricKey, value: number | null, currency: string) {
  if (value === null) return '—'
  switch (key) {
    case 'spend':
    case 'cpc':
    case 'costPerResult':
      return formatMoney(Math.round(value), currency)
    case 'ctr':
      return formatPercent(value)
    case 'roas':
      return formatRatio(value)
    default:
      return formatCount(value)
  }
}

/** The delivery switch: ACTIVE ↔ PAUSED through the status action's preview. */
function StatusSwitch({
  object,
  onWrite,
}: {
  object: TreeObject
  onWrite: TreeHandlers['onWrite']
}) {
  const active = object.status === 'ACTIVE'
  const next = active ? 'PAUSED' : 'ACTIVE'
  const kind = KIND_LABEL[object.kind]
  return (
    <button
      type="button"
      role="switch"
      aria-checked={active}
      aria-label={`Delivery of ${object.name}`}
      onClick={() =>
        onWrite({
          title: `${active ? 'Pause' : 'Activate'} ${kind.toLowerCase()} “${object.name}”`,
          action: STATUS_ACTION[object.kind],
          input: { [ID_FIELD[object.kind]]: object.id, status: next },
          confirmLabel: active ? 'Pause' : 'Activate',
          successTitle: `${kind} ${active ? 'paused' : 'activated'}`,
        })
      }
      className={cn(
        'relative inline-flex h-5 w-9 shrink-0 items-center rounded-full transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2',
        active ? 'bg-emerald-600' : 'bg-slate-300'
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          'inline-block size-4 rounded-full bg-white shadow transition-transform',
          active ? 'translate-x-4' : 'translate-x-0.5'
        )}
      />
    </button>
  )
}

/** Budget in place: the amount, a pencil to edit it, the update through the budget preview. */
function BudgetCell({ object, onWrite }: { object: TreeObject; onWrite: TreeHandlers['onWrite'] }) {
  const [editing, setEditing] = useState(false)
  const [text, setText] = useState('')
  const [invalid, setInvalid] = useState(false)
  if (object.kind === 'ad') return <span className="text-slate-400">—</span>
  if (object.underCampaignBudget) {
    return <span className="text-xs text-slate-600">Campaign budget</span>
  }
  const field = object.dailyBudget !== null ? 'dailyBudget' : 'lifetimeBudget'
  const current = object.dailyBudget ?? object.lifetimeBudget
  if (current === null) {
    return <span className="text-xs text-slate-600">Ad set budgets</span>
  }
  const suffix = field === 'dailyBudget' ? '/day' : 'lifetime'
  const inputId = `budget-${object.id}`

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const minor = parseMoneyInput(text, object.currency)
    if (minor === null) {
      setInvalid(true)
      return
    }
    setEditing(false)
    onWrite({
      title: `Change the budget of “${object.name}”`,
      action: BUDGET_ACTION[object.kind as 'campaign' | 'ad_set'],
      input: { [ID_FIELD[object.kind]]: object.id, [field]: minor },
      confirmLabel: 'Change budget',
      successTitle: 'Budget updated',
    })
  }

  if (editing) {
    return (
      <form onSubmit={submit} className="flex items-center gap-1" noValidate>
        <label htmlFor={inputId} className="sr-only">
          {field === 'dailyBudget' ? 'Daily budget' : 'Lifetime budget'} of {object.name} (
          {object.currency})
        </label>
        <input
          id={inputId}
          autoFocus
          inputMode="decimal"
          value={text}
          aria-invalid={invalid}
          onChange={(event) => {
            setText(event.target.value)
            setInvalid(false)
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setEditing(false)
          }}
          className={cn(
            'h-8 w-24 rounded-md border px-2 text-sm',
            invalid ? 'border-red-500' : 'border-slate-300'
          )}
        />
        <Button type="submit" size="sm">
          Save
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={() => setEditing(false)}>
          Cancel
        </Button>
      </form>
    )
  }
  return (
    <button
      type="button"
      className="group inline-flex items-center gap-1 rounded px-1 text-sm whitespace-nowrap hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
      aria-label={`Edit budget of ${object.name}: ${formatMoney(current, object.currency)} ${suffix}`}
      onClick={() => {
        setText(minorToInput(current, object.currency))
        setInvalid(false)
        setEditing(true)
      }}
    >
      {formatMoney(current, object.currency)}
      <span className="text-xs text-slate-500">{suffix}</span>
      <Pencil className="size-3 text-slate-400 group-hover:text-slate-700" aria-hidden="true" />
    </button>
  )
}

function RowMenu({ object, handlers }: { object: TreeObject; handlers: TreeHandlers }) {
  const kind = KIND_LABEL[object.kind]
  const duplicateInput: Record<string, unknown> = { [ID_FIELD[object.kind]]: object.id }
  if (object.kind !== 'ad') duplicateInput.deepCopy = true
  const itemClass =
    'cursor-pointer rounded px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-slate-100'
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button type="button" variant="ghost" size="icon" aria-label={`Actions for ${object.name}`}>
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          className="z-40 min-w-40 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
        >
          <DropdownMenu.Item className={itemClass} onSelect={() => handlers.onDetails(object)}>
            Details
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className={itemClass}
            onSelect={() =>
              handlers.onWrite({
                title: `Duplicate ${kind.toLowerCase()} “${object.name}”`,
                action: DUPLICATE_ACTION[object.kind],
                input: duplicateInput,
                confirmLabel: 'Duplicate',
                successTitle: `${kind} duplicated`,
              })
            }
          >
            Duplicate
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className={cn(itemClass, 'text-red-700')}
            onSelect={() =>
              handlers.onWrite({
                title: `Archive ${kind.toLowerCase()} “${object.name}”`,
                action: 'archive_object',
                input: { objectType: object.kind, objectId: object.id },
                confirmLabel: 'Archive',
                successTitle: `${kind} archived`,
                destructive: true,
              })
            }
          >
            Archive
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}

const LEVEL_INDENT: Record<TreeKind, string> = { campaign: 'pl-1', ad_set: 'pl-6', ad: 'pl-11' }

function Row({
  object,
  handlers,
  expanded,
  onToggle,
}: {
  object: TreeObject
  handlers: TreeHandlers
  expanded?: boolean
  onToggle?: () => void
}) {
  return (
    <tr
      className={cn('align-middle', object.kind === 'campaign' ? 'bg-white' : 'bg-slate-50/60')}
      data-testid={`row-${object.id}`}
    >
      <th scope="row" className={cn('py-2 pr-3 text-left font-normal', LEVEL_INDENT[object.kind])}>
        <div className="flex min-w-56 items-center gap-2">
          {onToggle ? (
            <button
              type="button"
              onClick={onToggle}
              aria-expanded={expanded}
              aria-label={`${expanded ? 'Collapse' : 'Expand'} ${object.name}`}
              className="rounded p-0.5 text-slate-600 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
            >
              {expanded ? (
                <ChevronDown className="size-4" aria-hidden="true" />
              ) : (
                <ChevronRight className="size-4" aria-hidden="true" />
              )}
            </button>
          ) : (
            <span className="w-5" aria-hidden="true" />
          )}
          <StatusSwitch object={object} onWrite={handlers.onWrite} />
          <div className="min-w-0">
            <button
              type="button"
              onClick={() => handlers.onDetails(object)}
              className="block max-w-64 truncate text-left text-sm font-medium text-slate-900 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
            >
              {object.name}
            </button>
            <p className="text-xs text-slate-500">
              {KIND_LABEL[object.kind]} · {object.effectiveStatus.replace(/_/g, ' ')}
            </p>
          </div>
        </div>
      </th>
      <td className="px-3 py-2">
        <BudgetCell object={object} onWrite={handlers.onWrite} />
      </td>
      {METRIC_COLUMNS.map((column) => (
        <td
          key={column.key}
          className="px-3 py-2 text-right text-sm whitespace-nowrap tabular-nums"
          data-metric={column.key}
        >
          {metricText(column.key, object.metrics[column.key], object.currency)}
        </td>
      ))}
      <td className="px-2 py-2 text-right">
        <RowMenu object={object} handlers={handlers} />
      </td>
    </tr>
  )
}

function MessageRow({ children, level }: { children: ReactNode; level: TreeKind }) {
  return (
    <tr>
      <td colSpan={METRIC_COLUMNS.length + 3} className={cn('py-2 text-sm', LEVEL_INDENT[level])}>
        <span className="pl-7 text-slate-600">{children}</span>
      </td>
    </tr>
  )
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
}: {
  label: string
  sortKey: MetricKey | 'name'
  sort: SortState
  onSort: (key: MetricKey | 'name') => void
  align?: 'left' | 'right'
}) {
  const active = sort.key === sortKey
  const Icon = !active ? ArrowUpDown : sort.direction === 'asc' ? ArrowUp : ArrowDown
  return (
    <th
      scope="col"
      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
      className={cn('px-3 py-2 font-medium whitespace-nowrap', align === 'right' && 'text-right')}
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
 * within their parent), and a menu with Details, Duplicate and Archive. Every write goes
 * through `handlers.onWrite` (the preview/confirm dialog). The table scrolls inside its own
 * box on narrow screens.
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
        <table className="w-full min-w-[72rem] text-sm">
          <caption className="sr-only">Campaigns, ad sets and ads with their insights</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs text-slate-600">
            <tr>
              <SortHeader label="Name" sortKey="name" sort={sort} onSort={onSort} align="left" />
              <th scope="col" className="px-3 py-2 text-left font-medium">
                Budget
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
              <th scope="col" className="px-2 py-2">
                <span className="sr-only">Actions</span>
                {insights.isFetching && (
                  <Loader2 className="ml-auto size-3 animate-spin" aria-label="Loading insights" />
                )}
              </th>
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
        </table>
      </div>
    </div>
  )
}
