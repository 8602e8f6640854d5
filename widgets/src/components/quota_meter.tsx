import { useEffect, useRef } from 'react'
import { useQuota } from '../hooks.js'
import { ADRELAY_EVENTS, dispatchAdrelayEvent } from '../events.js'
import { WidgetFrame, formatDate, formatNumber } from './frame.js'
import type { EmbedQuota } from '../types.js'

const THRESHOLDS = [100, 80] as const

/** Meter colour: the danger colour at 100 %, the warning colour from 80 %. */
function levelOf(percent: number) {
  if (percent >= 100) return 'danger'
  if (percent >= 80) return 'warning'
  return 'normal'
}

/**
 * This month's requests against the limit (the account's, or the session's client key's),
 * with what is left and when it resets. Dispatches `adrelay:quota-threshold` once per
 * threshold (80 %, 100 %) when the usage reaches it.
 */
export function QuotaMeter({ title = 'API requests this month' }: { title?: string }) {
  const quota = useQuota()
  const rootRef = useRef<HTMLElement | null>(null)
  const fired = useRef(0)
  const data = quota.data
  useEffect(() => {
    if (!data || data.limit <= 0) return
    const percent = Math.floor((data.used / data.limit) * 100)
    const threshold = THRESHOLDS.find((value) => percent >= value)
    if (threshold && threshold > fired.current) {
      fired.current = threshold
      dispatchAdrelayEvent(rootRef.current, ADRELAY_EVENTS.quotaThreshold, {
        threshold,
        used: data.used,
        limit: data.limit,
        percent,
      })
    }
  }, [data])

  return (
    <WidgetFrame title={title} resource={quota} rootRef={rootRef}>
      {(value: EmbedQuota) => {
        const percent = value.limit > 0 ? Math.min(100, (value.used / value.limit) * 100) : 0
        const label = `${formatNumber(value.used)} of ${formatNumber(value.limit)} requests used`
        return (
          <>
            <p style={{ margin: 0 }}>
              <span className="adrelay-figure" data-adrelay-used="">
                {formatNumber(value.used)}
              </span>{' '}
              <span className="adrelay-muted">/ {formatNumber(value.limit)}</span>
            </p>
            <div
              className="adrelay-meter"
              role="progressbar"
              aria-label={label}
              aria-valuemin={0}
              aria-valuemax={value.limit}
              aria-valuenow={Math.min(value.used, value.limit)}
              aria-valuetext={`${label} (${Math.round(percent)}%)`}
            >
              <div
                className="adrelay-meter-fill"
                data-level={levelOf(percent)}
                style={{ width: `${percent}%` }}
              />
            </div>
            <p className="adrelay-small adrelay-muted" style={{ margin: 0 }}>
              {formatNumber(value.remaining)} remaining · resets {formatDate(value.resetsAt)}
            </p>
          </>
        )
      }}
    </WidgetFrame>
  )
}
