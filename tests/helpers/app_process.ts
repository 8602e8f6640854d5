import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import app from '@adonisjs/core/services/app'

/** The child shares the test database: same connection settings, same SQLite file. */
function databaseEnv(): Record<string, string> {
  const filename = app.config.get<string>('database.connections.sqlite.connection.filename')
  return { SQLITE_FILE: filename }
}

/** A free loopback TCP port. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

export interface AppProcess {
  url: string
  /** Everything the process printed (stdout + stderr). */
  output: () => string
  exitCode: () => number | null
  stop: () => Promise<void>
}

/**
 * Starts the real HTTP server (bin/server.ts) in a child process with extra environment
 * variables, for behaviour that depends on boot-time configuration (Google credentials,
 * NODE_ENV=production). Shares the test database. Resolves once /health answers, or
 * rejects with the process output if it exits first.
 */
export async function startAppProcess(env: Record<string, string>): Promise<AppProcess> {
  const port = await freePort()
  let output = ''
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import=@poppinss/ts-exec', 'bin/server.ts'],
    {
      cwd: app.makePath(),
      env: {
        ...process.env,
        ...databaseEnv(),
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    }
  )
  child.stdout?.on('data', (chunk) => (output += chunk))
  child.stderr?.on('data', (chunk) => (output += chunk))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))

  const url = `http://127.0.0.1:${port}`
  // SIGTERM, then SIGKILL if the process has not exited 15 s later: a shutdown that hangs
  // (seen once with the Vite dev server rebuilding CSS as its sources changed) must not hang
  // the suite; what it printed stays in `output`.
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000)
      await exited
      clearTimeout(killer)
    }
  }
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`app process exited with ${child.exitCode}:\n${output}`)
    }
    try {
      const response = await fetch(`${url}/health`)
      if (response.ok) {
        return { url, output: () => output, exitCode: () => child.exitCode, stop }
      }
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  await stop()
  throw new Error(`app process did not start in time:\n${output}`)
}

/**
 * Runs `node --import=@poppinss/ts-exec <args>` from the app root, sharing the test database,
 * and waits for it to exit; killed after `timeoutMs`. Resolves with the exit code (null when
 * killed) and everything it printed.
 */
function runToExit(args: string[], env: Record<string, string>, timeoutMs: number) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    let output = ''
    const child = spawn(process.execPath, ['--import=@poppinss/ts-exec', ...args], {
      cwd: app.makePath(),
      env: { ...process.env, ...databaseEnv(), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.once('exit', (code) => {
      clearTimeout(timer)
      resolve({ code, output })
    })
  })
}

/** Runs the server entry point and waits for it to exit (for boot failures). */
export async function runAppProcessToExit(env: Record<string, string>, timeoutMs = 60_000) {
  const port = await freePort()
  return runToExit(['bin/server.ts'], { HOST: '127.0.0.1', PORT: String(port), ...env }, timeoutMs)
}

/**
 * Runs `node ace <args>` (bin/console.ts) in a child process sharing the test database, with
 * extra environment variables, and waits for it to exit: for what only a separate process
 * shows (its exit code and output after the app shut down).
 */
export async function runConsoleCommand(
  args: string[],
  env: Record<string, string>,
  timeoutMs = 60_000
) {
  return runToExit(['bin/console.ts', ...args], { LOG_LEVEL: 'warn', ...env }, timeoutMs)
}

/** A minimal cookie jar for driving redirects with fetch. */
export class CookieJar {
  #cookies = new Map<string, string>()

  store(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';')
      const index = pair.indexOf('=')
      const name = pair.slice(0, index).trim()
      const value = pair.slice(index + 1)
      if (/max-age=0/i.test(header) || value === '') this.#cookies.delete(name)
      else this.#cookies.set(name, value)
    }
  }

  get(name: string) {
    return this.#cookies.get(name)
  }

  header() {
    return [...this.#cookies.entries()].map(([name, value]) => `${name}=${value}`).join('; ')
  }
}
