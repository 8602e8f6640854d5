import { AsyncEntry } from '@napi-rs/keyring'
import { CliError, ExitCode } from './errors.js'

/** Service name of Adrelay's entries in the OS keychain (one entry per profile). */
const SERVICE = 'adrelay-cli'

/**
 * On Linux only the Secret Service (GNOME Keyring, KWallet) counts as a keychain: the
 * kernel keyring `keyring-rs` would fall back to is emptied at logout or reboot, which would
 * sign people out without telling them. Where no Secret Service runs, login says so.
 */
const ENTRY_OPTIONS = { linux: { store: 'secret-service' as const } }
const entryOf = (account: string) => new AsyncEntry(SERVICE, account, ENTRY_OPTIONS)

/** How long a keychain call may take before we give up, ms (`ADRELAY_KEYCHAIN_TIMEOUT_MS`). */
function timeoutMs(): number {
  const configured = Number(process.env.ADRELAY_KEYCHAIN_TIMEOUT_MS)
  return Number.isFinite(configured) && configured > 0 ? configured : 3000
}

/** The hint every keychain failure carries: what to do instead, never a silent fallback. */
export const KEYCHAIN_HINT =
  'Run `adrelay login --insecure-storage` to keep the token in a file readable only by you ' +
  '($XDG_CONFIG_HOME/adrelay/credentials.json, mode 0600), or set ADRELAY_TOKEN for this shell.'

/**
 * Runs one keychain operation with a deadline. Keychains can hang (a locked store waiting for
 * a prompt nobody sees, a Secret Service that never answers on a headless machine): after the
 * deadline the call is abandoned and a `keychain_unavailable` error says what to do.
 */
async function withDeadline<T>(operation: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController()
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort()
      reject(new Error(`no answer within ${timeoutMs()} ms`))
    }, timeoutMs())
    timer.unref()
  })
  try {
    return await Promise.race([operation(controller.signal), deadline])
  } catch (error) {
    throw new CliError(
      'keychain_unavailable',
      `The OS keychain is not available (${(error as Error).message}). ${KEYCHAIN_HINT}`,
      ExitCode.error
    )
  } finally {
    clearTimeout(timer)
  }
}

/** The OS credential store through `@napi-rs/keyring` (Keychain, Credential Manager, Secret Service). */
export const keychain = {
  /**
   * Proves the keychain can store a secret (writes and deletes a probe entry), so `login`
   * fails before the browser step rather than after it.
   */
  async probe(): Promise<void> {
    await withDeadline(async (signal) => {
      const entry = entryOf('__probe__')
      await entry.setPassword('probe', signal)
      await entry.deleteCredential(signal)
    })
  },
  get(profile: string): Promise<string | null> {
    return withDeadline((signal) => entryOf(profile).getPassword(signal))
  },
  set(profile: string, token: string): Promise<void> {
    return withDeadline((signal) => entryOf(profile).setPassword(token, signal))
  },
  async delete(profile: string): Promise<void> {
    await withDeadline((signal) => entryOf(profile).deleteCredential(signal))
  },
}
