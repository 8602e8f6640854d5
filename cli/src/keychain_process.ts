import { Entry } from '@napi-rs/keyring'

/**
 * The keychain's own process: `keychain.ts` starts it for each keychain operation and kills
 * it when the deadline passes. The native calls block the thread they run on (a Secret
 * Service that accepts the D-Bus connection and never answers blocks it for good), so they
 * never run in the CLI's own process.
 *
 * Protocol: one JSON request on stdin (the secret travels there, never in argv or the
 * environment), one JSON answer on stdout, then exit 0.
 * - request: `{operation: 'probe'}` | `{operation: 'get', account}` |
 *   `{operation: 'set', account, password}` | `{operation: 'delete', account}`
 * - answer: `{ok: true, value}` (`get`: the password or null; others: null) or
 *   `{ok: false, message}` (the keychain's error text)
 */
export type KeychainRequest =
  | { operation: 'probe' }
  | { operation: 'get'; account: string }
  | { operation: 'set'; account: string; password: string }
  | { operation: 'delete'; account: string }

export type KeychainAnswer = { ok: true; value: string | null } | { ok: false; message: string }

/** Service name of Adrelay's entries in the OS keychain (one entry per profile). */
const SERVICE = 'adrelay-cli'

/**
 * On Linux only the Secret Service (GNOME Keyring, KWallet) counts as a keychain: the
 * kernel keyring `keyring-rs` would fall back to is emptied at logout or reboot, which would
 * sign people out without telling them. Where no Secret Service runs, login says so.
 */
const entryOf = (account: string) =>
  new Entry(SERVICE, account, { linux: { store: 'secret-service' } })

function perform(request: KeychainRequest): string | null {
  switch (request.operation) {
    case 'probe': {
      // Proves the keychain can store a secret: writes and deletes a probe entry.
      const entry = entryOf('__probe__')
      entry.setPassword('probe')
      entry.deleteCredential()
      return null
    }
    case 'get':
      return entryOf(request.account).getPassword()
    case 'set':
      entryOf(request.account).setPassword(request.password)
      return null
    case 'delete':
      entryOf(request.account).deleteCredential()
      return null
  }
}

let text = ''
for await (const chunk of process.stdin) text += chunk
let answer: KeychainAnswer
try {
  answer = { ok: true, value: perform(JSON.parse(text) as KeychainRequest) }
} catch (error) {
  answer = { ok: false, message: (error as Error).message ?? String(error) }
}
process.stdout.write(JSON.stringify(answer), () => process.exit(0))
