import { useRecentCalls } from '../hooks.js'
import { WidgetFrame, formatDate, formatNumber } from './frame.js'
import type { EmbedRecentCall } from '../types.js'

/** The latest calls: method, endpoint, status (not by colour alone), time and duration. */
export function RecentCalls({
  title = 'Recent API calls',
  limit = 10,
}: {
  title?: string
  limit?: number
}) {
  const calls = useRecentCalls({ limit })
  return (
    <WidgetFrame
      title={title}
      resource={calls}
      isEmpty={(data: EmbedRecentCall[]) => data.length === 0}
      emptyText="No API calls yet."
    >
      {(data: EmbedRecentCall[]) => (
        <ul className="adrelay-list">
          {data.map((call, index) => {
            const ok = call.statusCode >= 200 && call.statusCode < 400
            return (
              <li key={`${call.createdAt}-${index}`} data-adrelay-call="">
                <span className="adrelay-code">
                  {call.method} {call.endpoint}
                </span>
                <span className="adrelay-small">
                  <span className={ok ? 'adrelay-status-ok' : 'adrelay-status-fail'}>
                    {call.statusCode} {ok ? 'OK' : 'failed'}
                  </span>{' '}
                  <span className="adrelay-muted">
                    · {formatNumber(call.responseTimeMs)} ms · {formatDate(call.createdAt, true)}
                  </span>
                </span>
              </li>
            )
          })}
        </ul>
      )}
    </WidgetFrame>
  )
}
