import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { CliError, ExitCode } from './errors.js'
import type { KeychainAnswer, KeychainRequest } from './keychain_process.js'

/** The script that talks to the keychain (compiled next to this file). */
const KEYCHAIN_PROCESS = fileURLToPath(new URL('./keychain_process.js', import.meta.url))

/** How long a keychain call may take before we give up, ms (`ADRELAY_KEYCHAIN_TIMEOUT_MS`). */
function timeoutMs(): number {
  const configured = Number(process.env.ADRELAY_KEYCHAIN_TIMEOUT_MS)
  return Number.isFinite(configured) && configured > 0 ? configured : 3000
}

/** The hint every keychain failure carries: what to do instead, never a silent fallback. */
export const KEYCHAIN_HINT =
  'Run `adrelay login --insecure-storage` to keep the token in a file readable only by you ' +
  '($XDG_CONFIG_HOME/adrelay/credentials.json, mode 0600), or set ADRELAY_TOKEN for this shell.'

function unavailable(reason: string): CliError {
  return new CliError(
    'keychain_unavailable',
    `The OS keychain is not available (${reason}). ${KEYCHAIN_HINT}`,
    ExitCode.error
  )
}

/**
 * Runs one keychain operation in a child process (keychain_process.ts) with a deadline.
 * Keychains can hang (a locked store waiting for a prompt nobody sees, a Secret Service
 * that accepts the connection and never answers), and the native calls block the thread
 * they run on, so no timer in this process could end them: after the deadline the child is
 * killed and a `keychain_unavailable` error says what to do. The secret goes through the
 * child's stdin and stdout only. Costs one short-lived Node process per operation.
 * @throws CliError `keychain_unavailable` (exit 1)
 */
function inKeychainProcess(request: KeychainRequest): Promise<string | null> {
  const deadlineMs = timeoutMs()
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [KEYCHAIN_PROCESS], {
      stdio: ['pipe', 'pipe', 'ignore'],
    })
    let output = ''
    let settled = false
    const settle = (outcome: () => void) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      outcome()
    }
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      settle(() => reject(unavailable(`no answer within ${deadlineMs} ms`)))
    }, deadlineMs)
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
    child.once('error', (error) => settle(() => reject(unavailable(error.message))))
    child.once('close', (code, signal) =>
      settle(() => {
        let answer: KeychainAnswer | null = null
        try {
          answer = JSON.parse(output) as KeychainAnswer
        } catch {}
        if (answer?.ok) resolve(answer.value)
        else
          reject(unavailable(answer?.message ?? `the keychain process ended (${signal ?? code})`))
      })
    )
    // A child that has already died cannot take its request: 'close' reports it.
    child.stdin.once('error', () => {})
    child.stdin.end(JSON.stringify(request))
  })
}

/** The OS credential store through `@napi-rs/keyring` (Keychain, Credential Manager, Secret Service). */
export const keychain = {
  /**
   * Proves the keychain can store a secret (writes and deletes a probe entry), so `login`
   * fails before the browser step rather than after it.
   */
  async probe(): Promise<void> {
    await inKeychainProcess({ operation: 'probe' })
  },
  get(profile: string): Promise<string | null> {
    return inKeychainProcess({ operation: 'get', account: profile })
  },
  async set(profile: string, token: string): Promise<void> {
    await inKeychainProcess({ operation: 'set', account: profile, password: token })
  },
  async delete(profile: string): Promise<void> {
    await inKeychainProcess({ operation: 'delete', account: profile })
  },
}
