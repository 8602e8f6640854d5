import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { connect } from 'node:net'
import { rm, writeFile } from 'node:fs/promises'
import { freePort, startAppProcess, type AppProcess } from '#tests/helpers/app_process'
import { TEST_RUN_ID } from '#tests/helpers/test_run'

/** A Host header naming a LAN address, as a browser elsewhere on the network would send it. */
const LAN_HOST = '192.168.1.50:3333'
const PROBE_MARKER = 'adrelay-dev-server-probe-9f3c1e'
/**
 * A SQLite-named file under tmp/ that must never be served. One per test run (PORT): runs side
 * by side must not delete each other's probe while it is being requested.
 */
const PROBE_FILE = `dev_server_probe-${TEST_RUN_ID}.sqlite3`

/** GET `path` on the development server with a LAN Host header. */
async function lanGet(server: AppProcess, path: string) {
  const response = await fetch(`${server.url}${path}`, { headers: { host: LAN_HOST } })
  return { status: response.status, body: await response.text() }
}

/** Whether a TCP connection to `host:port` is accepted. */
function accepts(host: string, port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = connect({ host, port })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

test.group('Development server (npm run dev)', (group) => {
  let server: AppProcess
  let firstPage: { status: number; body: string }
  group.setup(async () => {
    await writeFile(app.tmpPath(PROBE_FILE), PROBE_MARKER)
    server = await startAppProcess({
      NODE_ENV: 'development',
      // Set by `node ace serve` (the assembler): starts Vite's dev middleware.
      DEV_MODE: 'true',
      // No HOST: the default applies.
      HOST: '',
      VITE_HMR_PORT: String(await freePort()),
      // Its own pre-bundled dependencies (vite.config.ts): another test run may start a
      // development server at the same time.
      VITE_CACHE_DIR: `node_modules/.vite-dev-probe/${TEST_RUN_ID}`,
    })
    // At once, as a browser opened by `npm run dev` would: the HTTP server answers /health
    // before Vite's dev server exists, and pages wait for it.
    const response = await fetch(`${server.url}/`)
    firstPage = { status: response.status, body: await response.text() }
    return async () => {
      await server.stop()
      await rm(app.tmpPath(PROBE_FILE), { force: true })
    }
  })

  test('a page requested as soon as the server answers is served through Vite, not a 500', ({
    assert,
  }) => {
    // Before the wait it answered 500 "Missing manifest file" (no dev server yet, no build).
    assert.equal(firstPage.status, 200, firstPage.body.slice(0, 500))
    assert.include(firstPage.body, '/@vite/client')
  })

  test('listens on the loopback address only by default', async ({ assert }) => {
    const port = Number(new URL(server.url).port)
    assert.isTrue(await accepts('127.0.0.1', port))
    // A listener on every interface (0.0.0.0) would accept this one too.
    assert.isFalse(await accepts('127.0.0.2', port))
  })

  test('the database, configuration and project files are refused', async ({ assert }) => {
    const root = app.makePath()
    const paths = [
      `/tmp/${PROBE_FILE}`,
      '/tmp/adrelay.sqlite3',
      `/tmp/${PROBE_FILE}?raw`,
      '/config/meta.ts',
      '/config/meta.ts?raw',
      '/config/app.ts',
      '/package.json',
      '/README.md',
      '/app/shared/errors.ts',
      `/@fs${root}/config/meta.ts`,
      `/@fs${root}/tmp/${PROBE_FILE}`,
      `/@fs${root}/package.json?import&raw`,
    ]
    for (const path of paths) {
      const { status, body } = await lanGet(server, path)
      assert.oneOf(status, [403, 404], path)
      assert.notInclude(body, PROBE_MARKER, path)
      assert.notInclude(body, 'SANDBOX_APP_SECRET', path)
      assert.notInclude(body, '"dependencies"', path)
    }
  })

  test('pages still load with their front-end sources and dependencies', async ({ assert }) => {
    const page = await lanGet(server, '/')
    assert.equal(page.status, 200)
    const scripts = [...page.body.matchAll(/<script[^>]+src="([^"]+)"/g)].map((match) => match[1])
    assert.include(scripts, '/@vite/client')
    assert.isTrue(scripts.some((src) => src.startsWith('/inertia/')))
    for (const src of scripts) assert.equal((await lanGet(server, src)).status, 200, src)

    const entry = await lanGet(server, '/inertia/app.tsx')
    const dependency = /from "(\/node_modules\/[^"]+)"/.exec(entry.body)?.[1]
    assert.isString(dependency)
    assert.equal((await lanGet(server, dependency!)).status, 200, dependency)
    assert.equal((await lanGet(server, '/inertia/css/app.css')).status, 200)
    // Vite transforms every module on its first request: slow on a loaded machine.
  }).timeout(180_000)
})
