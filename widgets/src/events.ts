/**
 * DOM events the widgets dispatch on their root element. They bubble and are `composed`, so
 * they cross the shadow root of the script-tag build and reach the `<adrelay-…>` element and
 * the document: `document.addEventListener('adrelay:quota-threshold', (e) => …)`.
 */
export const ADRELAY_EVENTS = {
  /** `detail: {threshold: 80 | 100, used, limit, percent}`: usage reached a threshold */
  quotaThreshold: 'adrelay:quota-threshold',
  /** `detail: {code}`: the session expired and could not be renewed */
  sessionExpired: 'adrelay:session-expired',
  /** `detail: {code, message, status}`: a read failed */
  error: 'adrelay:error',
} as const

export interface QuotaThresholdDetail {
  threshold: 80 | 100
  used: number
  limit: number
  /** Whole percent, used / limit × 100 */
  percent: number
}

export interface ErrorDetail {
  code: string
  message: string
  status: number
}

/** Dispatches a bubbling, composed CustomEvent from `target`. */
export function dispatchAdrelayEvent(target: EventTarget | null, type: string, detail: unknown) {
  target?.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }))
}
