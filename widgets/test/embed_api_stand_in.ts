import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/*
| The widget tests run in jsdom, where Vite resolves imports for the browser: a static
| `import { createServer } from 'node:http'` can come back as Vite's empty browser shim
| (it did on a fresh clone's first run, while the app's dev server was still building its
| dependency cache). Node's own loader hands the real module over.
*/
const { createServer } = process.getBuiltinModule('node:http')

/**
 * A loopback stand-in of Adrelay's embed API for the widget tests: the real paths
 * (`/embed/v1/<session id>/<component>`), bearer client secrets and `{"error": {code,
 * message}}` answers. Sessions are registered with the figures they answer; a session can be
 * expired or revoked to see how the widgets react.
 */
export interface StandInSession {
  secret: string
  state: 'active' | 'expired' | 'revoked'
  poweredBy?: boolean
  adAccountIds?: string[]
  answers: Partial<Record<string, unknown>>
}

export class EmbedApiStandIn {
  #server: Server | null = null
  sessions = new Map<string, StandInSession>()
  /** Every request seen: path with query, and the bearer secret sent */
  requests: { path: string; secret: string | null }[] = []
  #counter = 0

  get baseUrl() {
    const { port } = this.#server!.address() as AddressInfo
    return `http://127.0.0.1:${port}`
  }

  async start() {
    this.#server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://stand-in')
      const auth = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')
      this.requests.push({ path: url.pathname + url.search, secret: auth?.[1] ?? null })
      const match = /^\/embed\/v1\/([^/]+)\/([a-z_]+)$/.exec(url.pathname)
      const send = (status: number, body: unknown) => {
        response.writeHead(status, {
          'Content-Type': 'application/json',
          'Access-Control-Allow-Origin': '*',
        })
        response.end(JSON.stringify(body))
      }
      const session = match ? this.sessions.get(match[1]) : undefined
      if (!match || !session || auth?.[1] !== session.secret) {
        return send(401, { error: { code: 'invalid_client_secret', message: 'Bad secret.' } })
      }
      if (session.state === 'revoked') {
        return send(403, { error: { code: 'embed_session_revoked', message: 'Revoked.' } })
      }
      if (session.state === 'expired') {
        return send(401, { error: { code: 'embed_session_expired', message: 'Expired.' } })
      }
      if (match[2] === 'session') {
        return send(200, {
          id: match[1],
          components: Object.keys(session.answers),
          adAccountIds: session.adAccountIds ?? [],
          key: null,
          poweredBy: session.poweredBy ?? true,
          expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
        })
      }
      if (!(match[2] in session.answers)) {
        return send(403, { error: { code: 'embed_component_not_allowed', message: 'No.' } })
      }
      send(200, session.answers[match[2]])
    })
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve))
    return this
  }

  async stop() {
    await new Promise((resolve) => this.#server?.close(resolve))
  }

  /** Registers a session answering `answers` per component; returns its client secret. */
  addSession(answers: StandInSession['answers'], options: Partial<StandInSession> = {}) {
    this.#counter++
    const id = `es_${String(this.#counter).padStart(20, '0')}`
    const secret = `${id}_secret_${Math.random().toString(36).slice(2)}`
    this.sessions.set(id, { secret, state: 'active', answers, ...options })
    return secret
  }

  /** The session behind `secret`. */
  session(secret: string) {
    return this.sessions.get(secret.split('_secret_')[0])!
  }
}

export const QUOTA = {
  scope: 'key',
  used: 420,
  limit: 1000,
  remaining: 580,
  period: '2026-11',
  resetsAt: '2026-12-01T00:00:00.000Z',
}
