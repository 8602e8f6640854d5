import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { verifyWebhookSignature } from '#alerts/services/webhook_payloads'

/** One request the receiver got. */
export interface ReceivedWebhook {
  path: string
  headers: Record<string, string | string[] | undefined>
  /** Raw body text, as signed. */
  body: string
  json: any
  /** Whether `Adrelay-Signature` verified with the receiver's secret (null: no secret set). */
  signatureValid: boolean | null
  /** Status the receiver answered. */
  status: number
}

/**
 * A webhook receiver on loopback, like a customer's endpoint (or Slack's incoming webhook
 * URL): records every POST, checks the `Adrelay-Signature` header the way docs/alerts.md
 * tells receivers to (HMAC-SHA256 of `<t>.<raw body>` with the secret, 5-minute tolerance),
 * answers 401 to a bad signature, and can be told to fail the next requests with a status.
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = []
  /** Signing secret to verify with (set after creating the webhook). */
  secret: string | null = null
  #failures: number[] = []
  #server: Server
  port = 0

  constructor() {
    this.#server = createServer((request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8')
        const header = String(request.headers['adrelay-signature'] ?? '')
        const signatureValid = this.secret
          ? verifyWebhookSignature(body, header, this.secret)
          : null
        const status = this.#failures.shift() ?? (signatureValid === false ? 401 : 200)
        let json: any = null
        try {
          json = JSON.parse(body)
        } catch {}
        this.received.push({
          path: request.url ?? '/',
          headers: request.headers,
          body,
          json,
          signatureValid,
          status,
        })
        response.writeHead(status, { 'content-type': 'text/plain' })
        response.end(status < 300 ? 'ok' : 'failed')
      })
    })
  }

  async start() {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', () => resolve()))
    this.port = (this.#server.address() as AddressInfo).port
    return this
  }

  /** `http://127.0.0.1:<port><path>` */
  url(path = '/hook') {
    return `http://127.0.0.1:${this.port}${path}`
  }

  /** Answers the next requests with these statuses (e.g. [503, 503]) before succeeding. */
  failNext(...statuses: number[]) {
    this.#failures.push(...statuses)
  }

  async close() {
    await new Promise<void>((resolve) => this.#server.close(() => resolve()))
  }
}
