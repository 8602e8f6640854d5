import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { readFile } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'
import { TEST_RUN_ID } from '#tests/helpers/test_run'

/**
 * A plain "client portal" on its own loopback origin (another port than the app, so another
 * origin), for the widget browser tests. It serves:
 * - `/script.html`: the script-tag build loaded from the app with its integrity hash;
 * - `/react.html`: a page bundled from widgets/test/fixtures/react_portal.tsx with the React package;
 * - `POST /secret`: the next client secret the test queued (standing for the portal's server,
 *   which would mint it with its API key), counting the calls.
 */
export class PortalStandIn {
  #server: Server | null = null
  secrets: string[] = []
  secretRequests = 0
  reactBundle = ''

  get origin() {
    const { port } = this.#server!.address() as AddressInfo
    return `http://127.0.0.1:${port}`
  }

  async start(appOrigin: string, bundle: { path: string; integrity: string }, css = '') {
    this.#server = createServer(async (request, response) => {
      const url = new URL(request.url ?? '/', 'http://portal')
      if (url.pathname === '/secret' && request.method === 'POST') {
        this.secretRequests++
        const clientSecret = this.secrets.length > 1 ? this.secrets.shift()! : this.secrets[0]
        response.writeHead(200, { 'Content-Type': 'application/json' })
        return response.end(JSON.stringify({ clientSecret }))
      }
      if (url.pathname === '/script.html') {
        response.writeHead(200, { 'Content-Type': 'text/html' })
        return response.end(`<!doctype html><html lang="en"><head><title>Portal</title>
<style>${css}</style>
<script src="${appOrigin}${bundle.path}" integrity="${bundle.integrity}" crossorigin="anonymous"></script>
</head><body><main>
<adrelay-quota-meter theme="light"></adrelay-quota-meter>
<script>
  AdrelayWidgets.configure({
    fetchClientSecret: () => fetch('/secret', { method: 'POST' }).then((r) => r.json()),
  })
</script>
</main></body></html>`)
      }
      if (url.pathname === '/react.html') {
        response.writeHead(200, { 'Content-Type': 'text/html' })
        return response.end(`<!doctype html><html lang="en"><head><title>Portal</title></head>
<body><main id="root"></main><script src="/portal.js"></script></body></html>`)
      }
      if (url.pathname === '/portal.js') {
        response.writeHead(200, { 'Content-Type': 'text/javascript' })
        return response.end(await readFile(this.reactBundle))
      }
      response.writeHead(404)
      response.end()
    })
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve))
    return this
  }

  /** Bundles widgets/test/fixtures/react_portal.tsx against the built package (React 19 from the app). */
  async buildReactPortal() {
    const { build } = await import('vite')
    const react = (await import('@vitejs/plugin-react')).default
    // One folder per test run (PORT): runs side by side must not empty each other's build.
    const outDir = app.makePath(`tmp/react_portal-${TEST_RUN_ID}`)
    // The test process runs with NODE_ENV=test, which makes the React plugin emit jsxDEV
    // calls; a portal ships the production runtime.
    const nodeEnv = process.env.NODE_ENV
    process.env.NODE_ENV = 'production'
    try {
      await this.#build(build, react, outDir)
    } finally {
      process.env.NODE_ENV = nodeEnv
    }
    this.reactBundle = `${outDir}/portal.js`
  }

  async #build(
    build: typeof import('vite').build,
    react: typeof import('@vitejs/plugin-react').default,
    outDir: string
  ) {
    await build({
      configFile: false,
      mode: 'production',
      logLevel: 'warn',
      plugins: [react()],
      resolve: { dedupe: ['react', 'react-dom'] },
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      build: {
        outDir,
        emptyOutDir: true,
        lib: {
          entry: app.makePath('widgets/test/fixtures/react_portal.tsx'),
          formats: ['iife'],
          name: 'Portal',
          fileName: () => 'portal.js',
        },
      },
    })
  }

  async stop() {
    await new Promise((resolve) => this.#server?.close(resolve))
  }
}
