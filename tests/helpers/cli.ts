import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'
import type { ApiClient } from '@japa/api-client'
import type User from '#accounts/models/user'

/**
 * The system Node (20 on this machine) runs the compiled CLI, proving it works on the user's
 * Node rather than the project's 24; the project's Node where there is no system one.
 */
export const CLI_NODE = existsSync('/usr/bin/node') ? '/usr/bin/node' : process.execPath

/** The compiled CLI (`npm test` builds it first: scripts/build_cli.mjs). */
export const CLI_ENTRY = app.makePath('cli/dist/bin/adrelay.js')

/** The app under test, as the CLI reaches it. */
export const apiUrl = `http://${process.env.HOST ?? '127.0.0.1'}:${process.env.PORT ?? 3334}`

export interface CliResult {
  code: number | null
  stdout: string
  stderr: string
}

/**
 * A fresh home for the CLI: its own config and cache folders, the test server as
 * ADRELAY_API_URL, and nothing inherited from this process's ADRELAY_* variables. A moved
 * clock (libfaketime's LD_PRELOAD and FAKETIME, when the suite runs under it: ADR 0022) is
 * passed on, so the CLI and the server it talks to agree on the date.
 */
export async function cliEnvironment(extra: Record<string, string> = {}) {
  const home = await mkdtemp(join(tmpdir(), 'adrelay-cli-'))
  return {
    home,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: home,
      XDG_CONFIG_HOME: join(home, 'config'),
      XDG_CACHE_HOME: join(home, 'cache'),
      ADRELAY_API_URL: apiUrl,
      ...movedClock(),
      ...extra,
    } as Record<string, string>,
  }
}

/** libfaketime's variables, when this process runs under it (none otherwise). */
function movedClock(): Record<string, string> {
  const { LD_PRELOAD: preload, FAKETIME: offset } = process.env
  return preload?.includes('faketime') && offset ? { LD_PRELOAD: preload, FAKETIME: offset } : {}
}

/** A running CLI process: wait for a line on stderr, or for its end. */
export interface CliProcess {
  child: ChildProcess
  /** Resolves with stderr so far once it matches `pattern`. */
  stderrMatching: (pattern: RegExp) => Promise<RegExpMatchArray>
  done: Promise<CliResult>
}

/** Starts `adrelay <args>` without a TTY (stdin closed unless `input` is given). */
export function startCli(args: string[], env: Record<string, string>, input?: string): CliProcess {
  const child = spawn(CLI_NODE, [CLI_ENTRY, ...args], {
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  const waiters: Array<{ pattern: RegExp; resolve: (match: RegExpMatchArray) => void }> = []
  child.stdout!.on('data', (chunk) => (stdout += chunk))
  child.stderr!.on('data', (chunk) => {
    stderr += chunk
    for (const waiter of [...waiters]) {
      const match = stderr.match(waiter.pattern)
      if (match) {
        waiters.splice(waiters.indexOf(waiter), 1)
        waiter.resolve(match)
      }
    }
  })
  child.stdin!.end(input ?? '')
  const done = new Promise<CliResult>((resolve) =>
    child.once('close', (code) => resolve({ code, stdout, stderr }))
  )
  return {
    child,
    done,
    stderrMatching: (pattern) =>
      new Promise((resolve, reject) => {
        const match = stderr.match(pattern)
        if (match) return resolve(match)
        waiters.push({ pattern, resolve })
        void done.then(() => reject(new Error(`CLI ended before printing ${pattern}:\n${stderr}`)))
      }),
  }
}

/** Runs `adrelay <args>` to its end. */
export function runCli(args: string[], env: Record<string, string>, input?: string) {
  return startCli(args, env, input).done
}

/** Parses the CLI's JSON stdout (with the whole output in the error when it is not JSON). */
export function jsonOf(result: CliResult) {
  try {
    return JSON.parse(result.stdout)
  } catch {
    throw new Error(`not JSON (exit ${result.code}):\n${result.stdout}\n${result.stderr}`)
  }
}

/**
 * A CLI token for `user` through the real device grant (request → approve → exchange),
 * without the CLI's polling wait.
 */
export async function mintCliToken(user: { id: number }, deviceName = 'test device') {
  const { RequestDeviceAuthorization } = await import('#keys/actions/request_device_authorization')
  const { DecideDeviceAuthorization } = await import('#keys/actions/decide_device_authorization')
  const { ExchangeDeviceCode } = await import('#keys/actions/exchange_device_code')
  const { DEVICE_CODE_GRANT_TYPE, CLI_CLIENT_ID } = await import('#keys/services/device_codes')
  const started = await new RequestDeviceAuthorization().execute({
    clientId: CLI_CLIENT_ID,
    deviceName,
    requesterIp: '127.0.0.1',
    verificationUri: `${apiUrl}/device`,
  })
  await new DecideDeviceAuthorization().decide(user.id, started.user_code, 'approve')
  const { access_token: token } = await new ExchangeDeviceCode().execute({
    grantType: DEVICE_CODE_GRANT_TYPE,
    clientId: CLI_CLIENT_ID,
    deviceCode: started.device_code,
  })
  return token
}

/** Quotes one word for `sh -c`. */
const shellQuote = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`

/**
 * Runs `adrelay <args>` on a pseudo-terminal (util-linux `script`), as a person at a
 * terminal would: stdin, stdout and stderr are TTYs. `answer` is typed once the output
 * matches `when`. Output is the terminal's (stdout and stderr together).
 */
export function runCliOnTerminal(
  args: string[],
  env: Record<string, string>,
  interaction: { when: RegExp; answer: string }
): Promise<{ code: number | null; output: string }> {
  // A sized terminal, as a person's is (spinners need a width); never more than 30 s.
  const command = `stty cols 120 rows 40; exec timeout 30 ${[CLI_NODE, CLI_ENTRY, ...args].map(shellQuote).join(' ')}`
  const child = spawn('script', ['-qec', command, '/dev/null'], {
    env: { ...env, TERM: 'xterm-256color' },
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  let output = ''
  let answered = false
  child.stdout!.on('data', (chunk) => {
    output += chunk
    if (!answered && interaction.when.test(output)) {
      answered = true
      child.stdin!.write(interaction.answer)
    }
  })
  child.stderr!.on('data', (chunk) => (output += chunk))
  return new Promise((resolve) =>
    child.once('close', (code) => {
      child.stdin!.destroy()
      resolve({ code, output })
    })
  )
}

/** The /device page's Approve or Deny, as the signed-in `user` (session, CSRF token). */
export function decideOnDevicePage(
  client: ApiClient,
  user: User,
  userCode: string,
  decision: 'approve' | 'deny' = 'approve'
) {
  return client
    .post('/api/device/decision')
    .json({ userCode, decision })
    .withCsrfToken()
    .loginAs(user)
}
