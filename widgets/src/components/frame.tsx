import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import { useEmbedContext } from '../provider.js'
import { appearanceStyle, injectStyles } from '../theme.js'
import { ADRELAY_EVENTS, dispatchAdrelayEvent } from '../events.js'
import type { EmbedError } from '../client.js'
import type { EmbedResource } from '../hooks.js'
import type { EmbedSessionInfo } from '../types.js'

/** What a failed read tells the reader (never the raw code). */
export function errorText(error: EmbedError): string {
  switch (error.code) {
    case 'embed_session_revoked':
      return 'Access to this widget has been revoked.'
    case 'embed_session_expired':
    case 'invalid_client_secret':
      return 'This widget’s session has expired. Reload the page to continue.'
    case 'embed_origin_not_allowed':
    case 'network_error':
      return 'Adrelay could not be reached from this page.'
    case 'plan_upgrade_required':
      return 'This widget is not available on the current Adrelay plan.'
    case 'rate_limited':
      return 'Too many requests. The figures will refresh shortly.'
    default:
      return error.message
  }
}

/**
 * The box every component draws in: theme, appearance variables, the stylesheet (injected
 * into the document or the shadow root it lives in), a heading, the loading, error and empty
 * states, the "Powered by Adrelay" line (hidden only when the session says so), and the
 * `adrelay:error` / `adrelay:session-expired` events.
 */
export function WidgetFrame<T>({
  title,
  resource,
  isEmpty,
  emptyText,
  children,
  rootRef,
}: {
  title: string
  resource: EmbedResource<T>
  isEmpty?: (data: T) => boolean
  emptyText?: string
  children: (data: T) => ReactNode
  rootRef?: React.RefObject<HTMLElement | null>
}) {
  const { appearance, client, generation, expired } = useEmbedContext()
  const ownRef = useRef<HTMLElement | null>(null)
  const ref = rootRef ?? ownRef
  const headingId = useId()
  const [session, setSession] = useState<EmbedSessionInfo | null>(null)

  useLayoutEffect(() => injectStyles(ref.current), [ref])

  useEffect(() => {
    let live = true
    client.sessionInfo().then(
      (info) => live && setSession(info),
      () => {}
    )
    return () => {
      live = false
    }
  }, [client, generation])

  const { error } = resource
  useEffect(() => {
    if (error) {
      dispatchAdrelayEvent(ref.current, ADRELAY_EVENTS.error, {
        code: error.code,
        message: error.message,
        status: error.status,
      })
    }
  }, [error, ref])
  useEffect(() => {
    if (expired) {
      dispatchAdrelayEvent(ref.current, ADRELAY_EVENTS.sessionExpired, {
        code: 'embed_session_expired',
      })
    }
  }, [expired, ref])

  const { data, isLoading } = resource
  let body: ReactNode
  if (isLoading && data === undefined) {
    body = (
      <div role="status" aria-live="polite">
        <span className="adrelay-sr-only">Loading…</span>
        <div className="adrelay-skeleton" style={{ width: '60%' }} />
        <div className="adrelay-skeleton" />
        <div className="adrelay-skeleton" style={{ width: '80%' }} />
      </div>
    )
  } else if (error && (data === undefined || error.status === 403 || error.status === 401)) {
    body = (
      <div role="alert" className="adrelay-state adrelay-error" data-adrelay-state="error">
        <p style={{ margin: '0 0 8px' }}>{errorText(error)}</p>
        {error.status !== 403 && (
          <button type="button" className="adrelay-button" onClick={resource.refetch}>
            Try again
          </button>
        )}
      </div>
    )
  } else if (data !== undefined && isEmpty?.(data)) {
    body = (
      <p className="adrelay-state" data-adrelay-state="empty">
        {emptyText}
      </p>
    )
  } else if (data !== undefined) {
    body = children(data)
  }

  return (
    <section
      ref={ref as React.RefObject<HTMLElement>}
      className="adrelay-root"
      data-theme={appearance?.theme ?? 'light'}
      style={appearanceStyle(appearance)}
      aria-labelledby={headingId}
      aria-busy={isLoading && data === undefined}
    >
      <h2 id={headingId} className="adrelay-title">
        {title}
      </h2>
      {body}
      {session?.poweredBy !== false && (
        <p className="adrelay-powered" data-adrelay-powered-by="">
          Powered by Adrelay
        </p>
      )}
    </section>
  )
}

/** A number in the reader's locale. */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions) {
  return new Intl.NumberFormat(undefined, options).format(value)
}

/** An ISO instant as a short date (and time with `withTime`) in the reader's locale. */
export function formatDate(iso: string, withTime = false) {
  return new Date(iso).toLocaleString(undefined, {
    month: 'short',
    day: 'numeric',
    ...(withTime ? { hour: '2-digit', minute: '2-digit' } : { year: 'numeric' }),
  })
}
