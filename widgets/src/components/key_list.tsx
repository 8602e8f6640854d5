import { useKeys } from '../hooks.js'
import { WidgetFrame, formatDate, formatNumber } from './frame.js'
import type { EmbedKey } from '../types.js'

/** The keys in the session's scope: masked, last used, and this month's usage. */
export function KeyList({ title = 'API keys' }: { title?: string }) {
  const keys = useKeys()
  return (
    <WidgetFrame
      title={title}
      resource={keys}
      isEmpty={(data: EmbedKey[]) => data.length === 0}
      emptyText="No API keys."
    >
      {(data: EmbedKey[]) => (
        <ul className="adrelay-list">
          {data.map((key) => (
            <li key={key.token} data-adrelay-key="">
              <span>
                <strong>{key.label ?? key.name}</strong>{' '}
                <span className="adrelay-code adrelay-muted">{key.token}</span>
              </span>
              <span className="adrelay-small adrelay-muted">
                {key.monthlyLimit === null
                  ? `${formatNumber(key.usage)} requests`
                  : `${formatNumber(key.usage)} / ${formatNumber(key.monthlyLimit)} requests`}{' '}
                · last used {key.lastUsedAt ? formatDate(key.lastUsedAt) : 'never'}
              </span>
            </li>
          ))}
        </ul>
      )}
    </WidgetFrame>
  )
}
