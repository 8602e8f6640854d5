import { useUsage } from '../hooks.js'
import { WidgetFrame, formatNumber } from './frame.js'
import { BarChart } from './bar_chart.js'
import type { EmbedUsage } from '../types.js'

/** This month's calls per day (failed calls in the danger colour) and the top actions. */
export function UsageChart({ title = 'API usage this month' }: { title?: string }) {
  const usage = useUsage()
  return (
    <WidgetFrame
      title={title}
      resource={usage}
      isEmpty={(data: EmbedUsage) => data.daily.every((day) => day.calls === 0)}
      emptyText="No API calls this month yet."
    >
      {(data: EmbedUsage) => {
        const total = data.daily.reduce((sum, day) => sum + day.calls, 0)
        const failed = data.daily.reduce((sum, day) => sum + day.failed, 0)
        return (
          <>
            <p style={{ margin: '0 0 8px' }}>
              <span className="adrelay-figure" data-adrelay-total="">
                {formatNumber(total)}
              </span>{' '}
              <span className="adrelay-muted">calls · {formatNumber(failed)} failed</span>
            </p>
            <BarChart
              label={`Calls per day in ${data.period}: ${formatNumber(total)} in total`}
              valueLabel="Calls"
              points={data.daily.map((day) => ({
                key: day.date,
                value: day.calls,
                failed: day.failed,
              }))}
            />
            {data.byAction.length > 0 && (
              <ul className="adrelay-list adrelay-small" aria-label="Most called">
                {data.byAction.map((action) => (
                  <li key={action.action}>
                    <span className="adrelay-code">{action.action}</span>
                    <span>{formatNumber(action.calls)}</span>
                  </li>
                ))}
              </ul>
            )}
          </>
        )
      }}
    </WidgetFrame>
  )
}
