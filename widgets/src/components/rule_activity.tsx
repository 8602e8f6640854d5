import { useRuleActivity } from '../hooks.js'
import { WidgetFrame, formatDate, formatNumber } from './frame.js'
import type { EmbedRuleChange, EmbedRuleRun } from '../types.js'

const MODES: Record<EmbedRuleRun['mode'], string> = {
  dry_run: 'Dry run',
  approval: 'Approval',
  auto: 'Automatic',
}

const RUN_STATUSES: Record<EmbedRuleRun['status'], string> = {
  running: 'Running',
  completed: 'Completed',
  skipped: 'Skipped',
  failed: 'Failed',
}

const CHANGE_STATUSES: Record<EmbedRuleChange['status'], string> = {
  planned: 'would apply',
  pending_approval: 'awaiting approval',
  approving: 'being applied',
  executed: 'applied',
  skipped: 'skipped',
  failed: 'failed',
  rejected: 'rejected',
  reverted: 'reverted',
}

const FIELDS: Record<string, string> = {
  status: 'Status',
  daily_budget: 'Daily budget',
  lifetime_budget: 'Lifetime budget',
  bid_amount: 'Bid',
}

/** A stored value in words: statuses capitalised, amounts (minor units) grouped. */
function valueText(value: string | null) {
  if (value === null) return '—'
  if (/^\d+$/.test(value)) return formatNumber(Number(value))
  return value.charAt(0) + value.slice(1).toLowerCase()
}

/** What one change did, e.g. "Status: Active → Paused" or "Notify". */
function changeText(change: EmbedRuleChange) {
  if (!change.field) return change.action.replaceAll('_', ' ')
  const label = FIELDS[change.field] ?? change.field
  return `${label}: ${valueText(change.before)} → ${valueText(change.after)}`
}

/**
 * The latest runs of the account's automated rules: rule name, mode, start time, status in
 * words (not by colour alone), objects evaluated / matched / acted on, and each change
 * (object name and id, before → after). Budgets and bids are in minor units of the ad
 * account's currency, as Meta stores them.
 */
export function RuleActivity({
  title = 'Automated rule activity',
  limit = 10,
}: {
  title?: string
  limit?: number
}) {
  const runs = useRuleActivity({ limit })
  return (
    <WidgetFrame
      title={title}
      resource={runs}
      isEmpty={(data: EmbedRuleRun[]) => data.length === 0}
      emptyText="No rule runs yet."
    >
      {(data: EmbedRuleRun[]) => (
        <ul className="adrelay-list">
          {data.map((run) => {
            const ok = run.status === 'completed' || run.status === 'running'
            return (
              <li key={run.id} data-adrelay-rule-run="" style={{ display: 'block' }}>
                <div>
                  <strong>{run.ruleName}</strong>{' '}
                  <span className="adrelay-small adrelay-muted">
                    {MODES[run.mode]} · {formatDate(run.startedAt, true)}
                  </span>
                </div>
                <div className="adrelay-small">
                  <span className={ok ? 'adrelay-status-ok' : 'adrelay-status-fail'}>
                    {RUN_STATUSES[run.status]}
                  </span>{' '}
                  <span className="adrelay-muted">
                    · {formatNumber(run.evaluated)} evaluated · {formatNumber(run.matched)} matched
                    · {formatNumber(run.acted)} acted on
                  </span>
                </div>
                {run.changes.length > 0 && (
                  <ul className="adrelay-small" style={{ margin: '4px 0 0', paddingLeft: 16 }}>
                    {run.changes.map((change, index) => (
                      <li key={`${change.objectId}-${index}`}>
                        {change.objectName || change.objectId}{' '}
                        <span className="adrelay-code adrelay-muted">{change.objectId}</span>:{' '}
                        {changeText(change)}{' '}
                        <span className="adrelay-muted">({CHANGE_STATUSES[change.status]})</span>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            )
          })}
        </ul>
      )}
    </WidgetFrame>
  )
}
