import { createHmac, timingSafeEqual } from 'node:crypto'
import { assertPublicUrlShape, postPublicUrl } from '#shared/public_http'
import { AppError } from '#shared/errors'
import { exponentialBackoff } from '@adonisjs/queue'
import type { JobOptions } from '@adonisjs/queue/types'

/**
 * Outgoing webhooks signed the Adrelay way, shared by every module that calls a customer's
 * endpoint (alert webhooks in app/alerts, lead forwarding in app/leads). One signature scheme,
 * one destination rule and one retry classification, documented in docs/alerts.md
 * ("Webhooks") and docs/leads.md ("Forwarding").
 */

/** Header carrying the signature of a JSON webhook: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
export const SIGNATURE_HEADER = 'Adrelay-Signature'

/**
 * Signs a JSON webhook the way Stripe does: HMAC-SHA256 with the webhook's secret over
 * `<timestamp>.<raw body>`, sent as `t=<timestamp>,v1=<hex digest>`. The timestamp (unix
 * seconds) lets a receiver refuse replays older than its tolerance.
 */
export function signWebhookBody(body: string, secret: string, timestampSeconds: number): string {
  const digest = createHmac('sha256', secret).update(`${timestampSeconds}.${body}`).digest('hex')
  return `t=${timestampSeconds},v1=${digest}`
}

/**
 * Verifies an `Adrelay-Signature` header against the raw body (what a receiver does; see
 * docs/alerts.md). False when the header is malformed, the timestamp is further than
 * `toleranceSeconds` from `nowSeconds`, or no `v1` digest matches (compared in constant time).
 */
export function verifyWebhookSignature(
  body: string,
  header: string,
  secret: string,
  toleranceSeconds = 300,
  nowSeconds = Math.floor(Date.now() / 1000)
): boolean {
  const parts = header.split(',').map((part) => part.trim().split('='))
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1])
  const signatures = parts.filter(([key]) => key === 'v1').map(([, value]) => value ?? '')
  if (!Number.isInteger(timestamp) || signatures.length === 0) return false
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false
  const expected = Buffer.from(
    createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')
  )
  return signatures.some((signature) => {
    const given = Buffer.from(signature)
    return given.length === expected.length && timingSafeEqual(given, expected)
  })
}

/**
 * The check a webhook URL passes when it is saved. In production it must be https and must
 * not name a loopback/private/reserved host (`assertPublicUrlShape`); the address it resolves
 * to is checked again on every delivery (`postWebhook`). Outside production a local receiver
 * is allowed (its origin is exempted).
 * @throws AppError 422 `url_invalid` | `url_not_allowed` (details.field = 'url')
 */
export function assertWebhookDestination(raw: string, inProduction: boolean): URL {
  const url = inProduction ? assertPublicUrlShape(raw) : assertPublicUrlShape(raw, [originOf(raw)])
  if (inProduction && url.protocol !== 'https:') {
    throw new AppError('url_not_allowed', 'Webhook URLs must use https.', 422, { field: 'url' })
  }
  return url
}

/**
 * A webhook call that did not succeed. `retryable` is true for a network error, a timeout,
 * 408, 429 and 5xx (worth another attempt with backoff); false for any other answer and for
 * a refused destination. `status` is the HTTP status answered, or null when none was.
 */
export class WebhookCallError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status: number | null
  ) {
    super(message)
  }
}

/**
 * POSTs `body` to a webhook URL under the outbound rules of `#shared/public_http`: redirects
 * are not followed, the answer is read up to 64 KiB, and outside `allowPrivateAddresses`
 * (production) a destination resolving to a loopback/private/reserved address is refused
 * after DNS resolution. Resolves the 2xx status.
 * @throws WebhookCallError (see its `retryable` rule); the message names the HTTP status and
 *   the first 200 characters of the answer, never the request body
 */
export async function postWebhook(
  url: string,
  input: {
    body: string
    headers: Record<string, string>
    timeoutMs: number
    allowPrivateAddresses: boolean
  }
): Promise<number> {
  let answer
  try {
    answer = await postPublicUrl(url, {
      body: input.body,
      headers: input.headers,
      maxBytes: 64 * 1024,
      timeoutMs: input.timeoutMs,
      maxRedirects: 0,
      allowPrivateAddresses: input.allowPrivateAddresses,
    })
  } catch (error) {
    if (error instanceof AppError && error.status === 422) {
      throw new WebhookCallError(error.message, false, null)
    }
    throw new WebhookCallError(String((error as Error)?.message ?? error), true, null)
  }
  if (answer.status >= 200 && answer.status < 300) return answer.status
  const detail = answer.body.toString('utf8').slice(0, 200)
  const message = `The webhook answered HTTP ${answer.status}${detail ? `: ${detail}` : ''}`
  const retryable = answer.status === 408 || answer.status === 429 || answer.status >= 500
  throw new WebhookCallError(message, retryable, answer.status)
}

function originOf(raw: string): string {
  try {
    return new URL(raw).origin
  } catch {
    return ''
  }
}

/**
 * Queue options of a job that makes one webhook delivery attempt (alert deliveries, lead
 * forwarding): a retryable failure ({@link WebhookCallError} with `retryable`) throws, and the
 * queue retries with exponential backoff 30 s, 1 min, 2 min, 4 min, 8 min (each capped at
 * 30 min, and jittered ±25 % at random by `@boringnode/queue`'s `exponentialBackoff`): 6
 * attempts over about 15 minutes, each under a 60 s timeout; failed jobs are kept 7 days. One
 * policy for every module, so docs/alerts.md and docs/leads.md describe the same retries.
 */
export function webhookDeliveryJobOptions(name: string): JobOptions {
  return {
    name,
    queue: 'default',
    maxRetries: 5,
    retry: { backoff: exponentialBackoff({ baseDelay: '30s', maxDelay: '30m' }) },
    timeout: '60s',
    removeOnComplete: true,
    removeOnFail: { age: '7d' },
  }
}
