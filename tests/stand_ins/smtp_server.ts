import { SMTPServer } from 'smtp-server'
import type { AddressInfo } from 'node:net'

/** One message the stand-in accepted. */
export interface ReceivedMail {
  from: string | null
  to: string[]
  /** The raw RFC 5322 message (headers and MIME body) as sent. */
  raw: string
  /** The decoded `Subject` header. */
  subject: string
}

/**
 * A real SMTP server on loopback (the `smtp-server` package, the server half of Nodemailer)
 * that accepts every message without authentication or TLS and keeps it in memory. Tests
 * point an SMTP transport at `port`. `rejectNextTo(address, n)` makes the next `n` messages to an address fail with a
 * 451 (temporary) reply, as a busy mail server would.
 */
export class SmtpStandIn {
  readonly messages: ReceivedMail[] = []
  #server: SMTPServer
  #rejections = new Map<string, number>()
  #waiters: Array<() => void> = []
  port = 0

  constructor() {
    this.#server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', () => {
          const to = session.envelope.rcptTo.map((rcpt) => rcpt.address)
          const refused = to.find((address) => (this.#rejections.get(address) ?? 0) > 0)
          if (refused) {
            this.#rejections.set(refused, this.#rejections.get(refused)! - 1)
            const error = new Error('Try again later') as Error & { responseCode: number }
            error.responseCode = 451
            return callback(error)
          }
          const raw = Buffer.concat(chunks).toString('utf8')
          this.messages.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw,
            subject: decodeSubject(raw),
          })
          for (const wake of this.#waiters.splice(0)) wake()
          callback()
        })
      },
    })
  }

  async start() {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', () => resolve()))
    this.port = (this.#server.server.address() as AddressInfo).port
    return this
  }

  /** Refuses the next `count` messages to `address` with SMTP 451. */
  rejectNextTo(address: string, count: number) {
    this.#rejections.set(address, count)
  }

  /** Resolves once `count` messages have arrived. */
  async waitForMessages(count: number) {
    while (this.messages.length < count) {
      await new Promise<void>((resolve) => this.#waiters.push(resolve))
    }
    return this.messages
  }

  /** Resolves with the first message addressed to `address` once it has arrived. */
  async waitForMessageTo(address: string) {
    for (;;) {
      const found = this.messages.find((message) => message.to.includes(address))
      if (found) return found
      await new Promise<void>((resolve) => this.#waiters.push(resolve))
    }
  }

  /** Messages addressed to `address`. */
  messagesTo(address: string) {
    return this.messages.filter((message) => message.to.includes(address))
  }

  async close() {
    await new Promise<void>((resolve) => this.#server.close(() => resolve()))
  }
}

/** Reads the Subject header, decoding RFC 2047 encoded-words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`). */
function decodeSubject(raw: string): string {
  const header = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ')
  const line = header.split(/\r?\n/).find((candidate) => /^subject:/i.test(candidate)) ?? ''
  return line
    .replace(/^subject:\s*/i, '')
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=\s*/gi, (_, encoding: string, text: string) =>
      encoding.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9a-f]{2})/gi, (__, hex: string) =>
                String.fromCharCode(Number.parseInt(hex, 16))
              ),
            'latin1'
          ).toString('utf8')
    )
}
