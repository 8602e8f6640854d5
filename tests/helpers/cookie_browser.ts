/**
 * A cookie-keeping HTTP client against the running test server, signing in the way a browser
 * does (CSRF token from the XSRF-TOKEN cookie), so its session lives in the server's store.
 */
export class CookieBrowser {
  #cookies = new Map<string, string>()
  #base = `http://${process.env.HOST ?? '127.0.0.1'}:${process.env.PORT ?? 3334}`

  async request(path: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers)
    headers.set('cookie', [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; '))
    const response = await fetch(this.#base + path, { ...init, headers, redirect: 'manual' })
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const index = pair.indexOf('=')
      this.#cookies.set(pair.slice(0, index), pair.slice(index + 1))
    }
    return response
  }

  get(path: string) {
    return this.request(path)
  }

  /** A JSON write carrying the CSRF token from the XSRF-TOKEN cookie, as the app's pages send it. */
  send(method: string, path: string, body?: unknown) {
    return this.request(path, {
      method,
      headers: {
        'content-type': 'application/json',
        'x-xsrf-token': decodeURIComponent(this.#cookies.get('XSRF-TOKEN') ?? ''),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  }

  async signIn(email: string) {
    await this.get('/api/login')
    const response = await this.send('POST', '/api/login/dev', { email })
    if (response.status !== 302 || response.headers.get('location') !== '/') {
      throw new Error(`sign-in failed: ${response.status} ${response.headers.get('location')}`)
    }
  }
}
