import { stringify } from 'qs-esm'
import { readCsrfToken } from '~/lib/api'

/**
 * The part of axios's API that Inertia's router (@inertiajs/core 2.x, `Request.send`) calls,
 * over XMLHttpRequest. vite.config.ts resolves `axios` to this module for @inertiajs/core
 * only: axios itself (about 20 KB gzip) would otherwise load before any page renders, for
 * the one call the router makes per visit. Inertia 3 made the same change (its own XHR client).
 *
 * Contract, as axios 1.x behaves for that call:
 * - `request(config)` resolves `{ status, headers, data }` for a 2xx answer, `headers` a plain
 *   object with lower-case names, `data` the body as text (the router asks `responseType:
 *   'text'` and parses it itself);
 * - any other status rejects with an error carrying that `response` (the router then handles
 *   it: an Inertia 409 version conflict, an error page, a non-Inertia answer in a modal);
 * - an aborted `signal` rejects with an error for which `isCancel` is true; a network failure
 *   rejects with an error without `response` (the router fires its `exception` event);
 * - `params` become the query string (nested values in brackets, as axios's serializer);
 *   plain-object `data` is sent as JSON, `FormData` as multipart (with `onUploadProgress`
 *   events `{ loaded, total, progress, upload }`), anything else as is;
 * - same-origin writes carry the `XSRF-TOKEN` cookie back as `X-XSRF-TOKEN` (AdonisJS Shield).
 */
export interface InertiaHttpConfig {
  method?: string
  url: string
  data?: unknown
  params?: Record<string, unknown>
  signal?: AbortSignal
  headers?: Record<string, string | number | boolean | undefined>
  onUploadProgress?: (progress: InertiaUploadProgress) => void
  responseType?: 'text'
}

export interface InertiaUploadProgress {
  /** Bytes sent so far. */
  loaded: number
  /** Bytes to send, when the browser knows them. */
  total?: number
  /** `loaded / total` (0 to 1), when `total` is known. */
  progress?: number
  upload: true
  event: ProgressEvent
}

export interface InertiaHttpResponse {
  status: number
  /** Response headers, names in lower case. */
  headers: Record<string, string>
  /** The body as text. */
  data: string
}

/** A failed request: `response` is set when the server answered (with a non-2xx status). */
export class InertiaHttpError extends Error {
  constructor(
    message: string,
    readonly response?: InertiaHttpResponse,
    readonly cancelled = false
  ) {
    super(message)
    this.name = cancelled ? 'CanceledError' : 'InertiaHttpError'
  }
}

/** Whether `error` is the rejection of a request whose signal was aborted. */
export function isCancel(error: unknown): boolean {
  return error instanceof InertiaHttpError && error.cancelled
}

/** `name: value` lines of `getAllResponseHeaders()` as an object, names lower-cased. */
function parseHeaders(raw: string) {
  const headers: Record<string, string> = {}
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':')
    if (colon <= 0) continue
    const name = line.slice(0, colon).trim().toLowerCase()
    const value = line.slice(colon + 1).trim()
    headers[name] = name in headers ? `${headers[name]}, ${value}` : value
  }
  return headers
}

function isSameOrigin(url: URL) {
  return typeof location !== 'undefined' && url.origin === location.origin
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Sends one request; see the module's contract above. */
export function request(config: InertiaHttpConfig): Promise<InertiaHttpResponse> {
  const method = (config.method ?? 'get').toUpperCase()
  const base = typeof location === 'undefined' ? undefined : location.href
  const url = new URL(config.url, base)
  const query = config.params ? stringify(config.params, { arrayFormat: 'brackets' }) : ''
  if (query) url.search = url.search ? `${url.search}&${query}` : `?${query}`

  return new Promise((resolve, reject) => {
    const { signal } = config
    if (signal?.aborted) {
      reject(new InertiaHttpError('canceled', undefined, true))
      return
    }
    const xhr = new XMLHttpRequest()
    xhr.open(method, url.href, true)
    xhr.responseType = 'text'

    const headers = new Map<string, string>()
    for (const [name, value] of Object.entries(config.headers ?? {})) {
      if (value !== undefined) headers.set(name, String(value))
    }
    let body: XMLHttpRequestBodyInit | null = null
    const data = config.data
    if (data instanceof FormData || data instanceof Blob || data instanceof URLSearchParams) {
      body = data
    } else if (typeof data === 'string') {
      body = data
    } else if (data !== undefined && data !== null) {
      body = JSON.stringify(data)
      headers.set('Content-Type', 'application/json')
    }
    if (!SAFE_METHODS.has(method) && isSameOrigin(url)) {
      const csrf = readCsrfToken()
      if (csrf) headers.set('X-XSRF-TOKEN', csrf)
    }
    for (const [name, value] of headers) xhr.setRequestHeader(name, value)

    if (config.onUploadProgress && data instanceof FormData) {
      const onProgress = config.onUploadProgress
      xhr.upload.addEventListener('progress', (event) => {
        const total = event.lengthComputable ? event.total : undefined
        onProgress({
          loaded: event.loaded,
          total,
          progress: total ? event.loaded / total : undefined,
          upload: true,
          event,
        })
      })
    }

    const onAbort = () => xhr.abort()
    signal?.addEventListener('abort', onAbort, { once: true })
    const settle = () => signal?.removeEventListener('abort', onAbort)

    xhr.addEventListener('load', () => {
      settle()
      const response: InertiaHttpResponse = {
        status: xhr.status,
        headers: parseHeaders(xhr.getAllResponseHeaders()),
        data: xhr.responseText,
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(response)
      else reject(new InertiaHttpError(`Request failed with status code ${xhr.status}`, response))
    })
    xhr.addEventListener('abort', () => {
      settle()
      reject(new InertiaHttpError('canceled', undefined, true))
    })
    xhr.addEventListener('error', () => {
      settle()
      reject(new InertiaHttpError('Network Error'))
    })
    xhr.send(body)
  })
}

/** `axios(config)` and `axios.isCancel(error)`, the two names the router uses. */
const client = Object.assign(request, { isCancel })

export default client
