import { lazy, Suspense, type ReactNode } from 'react'
import { ChevronDown, ChevronRight, MoreHorizontal } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { formatMoney } from '~/lib/format'
import { BudgetCell } from '~/components/campaigns/campaign_budget_cell'
import {
  ID_FIELD,
  KIND_LABEL,
  STATUS_ACTION,
  type TreeHandlers,
  type TreeKind,
  type TreeObject,
} from '~/components/campaigns/campaign_tree_types'
import {
  formatCount,
  formatPercent,
  formatRatio,
  METRIC_COLUMNS,
  statusLabel,
  type MetricKey,
  type RowMetrics,
} from '~/lib/campaigns'
import { cn } from '~/lib/utils'

/**
 * One row of the Campaigns table and its cells: the name cell (sticky on the left, so the row
 * stays identifiable when the table scrolls sideways on a narrow screen) with the expand
 * button, the delivery switch and the row menu; the budget editable in place; the insights
 * figures in the account currency. Also the totals row and the message rows of a level.
 */

export function metricText(key: MetricKey, value: number | null, currency: string) {
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

// The row menu brings Radix DropdownMenu and Floating UI: loaded after the table has rendered.
const LazyRowMenu = lazy(() =>
  import('~/components/campaigns/row_menu').then((module) => ({ default: module.RowMenu }))
)

function RowMenu({ object, handlers }: { object: TreeObject; handlers: TreeHandlers }) {
  return (
    <Suspense
      fallback={
        <Button
          type="button"
          variant="ghost"
          size="icon"
          disabled
          aria-busy="true"
          aria-label={`Actions for ${object.name}`}
        >
          <MoreHorizontal aria-hidden="true" />
        </Button>
      }
    >
      <LazyRowMenu object={object} handlers={handlers} />
    </Suspense>
  )
}

const LEVEL_INDENT: Record<TreeKind, string> = {
  campaign: 'pl-1',
  ad_set: 'pl-4 sm:pl-6',
  ad: 'pl-7 sm:pl-11',
}

/** The sticky first column: opaque (rows scroll under it) with a rule on its right. */
const STICKY = 'sticky left-0 z-10 shadow-[1px_0_0_0_theme(colors.slate.200)]'

/** The number of columns of the table (name, budget, the figures). */
export const COLUMN_COUNT = METRIC_COLUMNS.length + 2

/** One figure cell; the Results cell is where the kind of result it counts is shown. */
function MetricCell({
  column,
  metrics,
  currency,
}: {
  column: MetricKey
  metrics: RowMetrics
  currency: string
}) {
  return (
    <td
      className="px-3 py-2 text-right text-sm whitespace-nowrap tabular-nums"
      data-metric={column}
    >
      {metricText(column, metrics[column], currency)}
    </td>
  )
}

export function Row({
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
  const background = object.kind === 'campaign' ? 'bg-white' : 'bg-slate-50'
  return (
    <tr className={cn('align-middle', background)} data-testid={`row-${object.id}`}>
      <th
        scope="row"
        className={cn(
          'py-2 pr-2 text-left font-normal',
          STICKY,
          background,
          LEVEL_INDENT[object.kind]
        )}
      >
        <div className="flex w-52 items-center gap-1.5 sm:w-72">
          {onToggle ? (
            <button
              type="button"
              onClick={onToggle}
              aria-expanded={expanded}
              aria-label={`${expanded ? 'Collapse' : 'Expand'} ${object.name}`}
              className="shrink-0 rounded p-0.5 text-slate-600 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
            >
              {expanded ? (
                <ChevronDown className="size-4" aria-hidden="true" />
              ) : (
                <ChevronRight className="size-4" aria-hidden="true" />
              )}
            </button>
          ) : (
            <span className="w-5 shrink-0" aria-hidden="true" />
          )}
          <StatusSwitch object={object} onWrite={handlers.onWrite} />
          <div className="min-w-0 flex-1">
            <button
              type="button"
              onClick={() => handlers.onDetails(object)}
              title={object.name}
              data-testid="row-name"
              className="line-clamp-2 max-w-full text-left text-sm leading-snug font-medium [overflow-wrap:anywhere] text-slate-900 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
            >
              {object.name}
            </button>
            <p className="truncate text-xs text-slate-500">
              {KIND_LABEL[object.kind]} · {statusLabel(object.effectiveStatus)}
            </p>
          </div>
          <RowMenu object={object} handlers={handlers} />
        </div>
      </th>
      <td className="px-3 py-2">
        <BudgetCell object={object} onWrite={handlers.onWrite} />
      </td>
      {METRIC_COLUMNS.map((column) => (
        <MetricCell
          key={column.key}
          column={column.key}
          metrics={object.metrics}
          currency={object.currency}
        />
      ))}
    </tr>
  )
}

/** The totals of the campaigns shown (see `totalsOf`), under the table's body. */
export function TotalsRow({
  label,
  metrics,
  currency,
}: {
  label: string
  metrics: RowMetrics
  currency: string
}) {
  return (
    <tr className="bg-slate-50 font-medium" data-testid="totals-row">
      <th scope="row" className={cn('py-2 pr-2 pl-3 text-left text-sm', STICKY, 'bg-slate-50')}>
        <span className="block w-48 sm:w-68">{label}</span>
      </th>
      <td className="px-3 py-2 text-slate-400">—</td>
      {METRIC_COLUMNS.map((column) => (
        <MetricCell key={column.key} column={column.key} metrics={metrics} currency={currency} />
      ))}
    </tr>
  )
}

export function MessageRow({ children, level }: { children: ReactNode; level: TreeKind }) {
  return (
    <tr>
      <td colSpan={COLUMN_COUNT} className={cn('py-2 text-sm', LEVEL_INDENT[level])}>
        <span className="sticky left-0 pl-7 text-slate-600">{children}</span>
      </td>
    </tr>
  )
}
