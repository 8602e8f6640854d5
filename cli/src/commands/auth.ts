import { hostname } from 'node:os'
import { setTimeout as sleep } from 'node:timers/promises'
import { type Command } from 'commander'
import open from 'open'
import { CliError, ExitCode } from '../errors.js'
import { keychain } from '../keychain.js'
import { normaliseApiUrl } from '../credentials.js'
import {
  DEFAULT_API_URL,
  credentialsPath,
  writeFileCredential,
  writeProfile,
  type CredentialStorage,
} from '../config.js'
import { ApiClient } from '../http.js'
import type { Context, GlobalOptions, RunWith } from '../context.js'

/** The OAuth client id of this CLI (RFC 8628 device grant). */
export const CLIENT_ID = 'adrelay-cli'
const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code'

/** `GET /api/v1/auth/session` (app/keys/http/cli_endpoints.ts). */
export interface CredentialSession {
  user: { id: number; email: string; firstName: string | null; lastName: string | null }
  plan: { id: string; name: string }
  credential: {
    id: number
    kind: 'api_key' | 'cli_token'
    name: string
    createdAt: string
    lastUsedAt: string | null
    expiresAt: string | null
  }
}

interface DeviceCodeResponse {
  device_code: string
  user_code: string
  verification_uri: string
  verification_uri_complete?: string
  expires_in: number
  interval?: number
}

/** `login`, `logout`, `auth status`, `auth token`. */
export function authCommands(program: Command, run: RunWith) {
  program
    .command('login')
    .description('Sign in: approve this device in the browser (OAuth device flow)')
    .option('--no-browser', 'print the sign-in URL instead of opening a browser')
    .option('--with-token', 'read a CLI token or API key from standard input instead')
    .option(
      '--insecure-storage',
      'store the token in $XDG_CONFIG_HOME/adrelay/credentials.json (mode 0600) instead of the OS keychain; remembered for this profile'
    )
    .option(
      '--api-url <url>',
      `server to sign in to (default ${DEFAULT_API_URL}, or ADRELAY_API_URL)`
    )
    .option(
      '--device-name <name>',
      'name shown on the approval page and in CLI sessions',
      hostname()
    )
    .action(run(login))

  program
    .command('logout')
    .description('Sign out: revoke this CLI token on the server and forget it here')
    .action(run(logout))

  const auth = program.command('auth').description('Show the credential in use')
  auth
    .command('status')
    .description('Who is signed in, on which server, with which credential and until when')
    .action(run(status))
  auth
    .command('token')
    .description('Print the credential in use (for scripts: ADRELAY_TOKEN=$(adrelay auth token))')
    .action(run(printToken))
}

interface LoginOptions {
  browser: boolean
  withToken?: boolean
  insecureStorage?: boolean
  apiUrl?: string
  deviceName: string
}

async function login(context: Context, options: LoginOptions & GlobalOptions) {
  const { output, profile } = context
  const apiUrl = normaliseApiUrl(
    options.apiUrl || process.env.ADRELAY_API_URL || context.settings?.apiUrl || DEFAULT_API_URL
  )
  const storage: CredentialStorage = options.insecureStorage
    ? 'file'
    : (context.settings?.storage ?? 'keychain')
  for (const name of ['ADRELAY_TOKEN', 'ADRELAY_API_KEY']) {
    if (process.env[name]) output.warn(`${name} is set: it is used instead of what you store now.`)
  }
  // Fail before the browser step, not after it, when the keychain cannot take the token.
  if (storage === 'keychain') await keychain.probe()

  const anonymous = new ApiClient(apiUrl, null, output)
  const token = options.withToken
    ? await readTokenFromStdin()
    : await deviceFlow(anonymous, options, output)

  const session = await whoAmI(
    new ApiClient(apiUrl, token, output, options.withToken ? 'stdin' : undefined)
  )
  try {
    if (storage === 'keychain') await keychain.set(profile, token)
    else await writeFileCredential(profile, { token, expiresAt: session.credential.expiresAt })
  } catch (error) {
    // Never leave a live token that nothing holds.
    if (session.credential.kind === 'cli_token') {
      await new ApiClient(apiUrl, token, output)
        .request('DELETE', '/api/v1/auth/session')
        .catch(() => {})
    }
    throw error
  }
  await writeProfile(profile, { apiUrl, storage, email: session.user.email })

  const where = storage === 'keychain' ? 'the OS keychain' : credentialsPath()
  output.result(
    {
      profile,
      apiUrl,
      storage,
      user: session.user,
      plan: session.plan,
      credential: session.credential,
    },
    () =>
      output.success(
        `Logged in to ${apiUrl} as ${session.user.email} (${session.plan.name} plan). Token stored in ${where}.`
      )
  )
}

/** RFC 8628: ask for codes, show them, then poll until approved, denied or expired. */
async function deviceFlow(
  client: ApiClient,
  options: LoginOptions,
  output: Context['output']
): Promise<string> {
  const started = await client.request<DeviceCodeResponse>('POST', '/oauth/device/code', {
    form: { client_id: CLIENT_ID, device_name: options.deviceName },
    auth: false,
  })
  const device = started.body
  const link = device.verification_uri_complete ?? device.verification_uri
  output.info(`! First copy your one-time code: ${output.colors.bold(device.user_code)}`)
  output.info(`  Then open ${device.verification_uri} and approve "${options.deviceName}".`)
  output.info(`  Direct link: ${link}`)
  if (options.browser && process.stdout.isTTY && process.stderr.isTTY) {
    await open(link).catch(() => output.warn('Could not open a browser: open the link above.'))
  }

  let intervalSeconds = device.interval ?? 5
  const deadline = Date.now() + device.expires_in * 1000
  return output.spin('Waiting for approval in the browser…', async () => {
    while (Date.now() < deadline) {
      await sleep(intervalSeconds * 1000)
      const response = await client.raw('POST', '/oauth/token', {
        form: { grant_type: DEVICE_GRANT, device_code: device.device_code, client_id: CLIENT_ID },
        auth: false,
      })
      const body = (await response.json().catch(() => ({}))) as Record<string, unknown>
      if (response.ok && typeof body.access_token === 'string') return body.access_token
      switch (body.error) {
        case 'authorization_pending':
          continue
        case 'slow_down':
          // RFC 8628 §3.5: add 5 seconds, for good (the server may say the new interval).
          intervalSeconds = typeof body.interval === 'number' ? body.interval : intervalSeconds + 5
          continue
        case 'access_denied':
          throw new CliError(
            'access_denied',
            'The sign-in was denied in the browser.',
            ExitCode.authentication
          )
        case 'expired_token':
          throw expired()
        default:
          throw new CliError(
            String(body.error ?? `http_${response.status}`),
            String(body.error_description ?? `The server answered ${response.status}.`),
            ExitCode.error
          )
      }
    }
    throw expired()
  })
}

function expired() {
  return new CliError(
    'expired_token',
    'The code expired before it was approved. Run `adrelay login` again.',
    ExitCode.authentication
  )
}

async function readTokenFromStdin(): Promise<string> {
  if (process.stdin.isTTY) {
    throw new CliError(
      'token_required',
      'Pipe the token in: `adrelay login --with-token < token.txt`.',
      ExitCode.usage
    )
  }
  let text = ''
  for await (const chunk of process.stdin) text += chunk
  const token = text.trim()
  if (!token) throw new CliError('token_required', 'No token on standard input.', ExitCode.usage)
  return token
}

export async function whoAmI(client: ApiClient): Promise<CredentialSession> {
  const { body } = await client.request<CredentialSession>('GET', '/api/v1/auth/session', {
    spinner: 'Checking the credential…',
  })
  return body
}

async function logout(context: Context) {
  const { output, profile } = context
  const credential = await context.credential()
  if (credential.source === 'ADRELAY_TOKEN' || credential.source === 'ADRELAY_API_KEY') {
    throw new CliError(
      'credential_from_environment',
      `The credential comes from ${credential.source}; nothing is stored to sign out of. Unset ${credential.source}.`,
      ExitCode.usage
    )
  }
  let revoked = false
  try {
    await context.request('DELETE', '/api/v1/auth/session', {
      spinner: 'Revoking the CLI token…',
    })
    revoked = true
  } catch (error) {
    // Already revoked or expired (401), or an API key stored with --with-token (403): the
    // server holds nothing for us to revoke; forget it here all the same.
    if (!(error instanceof CliError) || error.exitCode !== ExitCode.authentication) throw error
  }
  if (credential.source === 'keychain') await keychain.delete(profile)
  else await writeFileCredential(profile, null)
  // The server and the storage choice stay remembered for the next `adrelay login`.
  if (context.settings) {
    await writeProfile(profile, {
      apiUrl: context.settings.apiUrl,
      storage: context.settings.storage,
    })
  }
  output.result({ profile, revoked }, () =>
    output.success(
      revoked
        ? `Logged out of ${context.apiUrl}: the CLI token is revoked.`
        : `Logged out of ${context.apiUrl} (the server no longer accepted the token).`
    )
  )
}

async function status(context: Context) {
  const { output } = context
  const credential = await context.credential()
  const session = await whoAmI(await context.client())
  const kind = session.credential.kind === 'cli_token' ? 'CLI token' : 'API key'
  output.result(
    {
      profile: context.profile,
      apiUrl: context.apiUrl,
      source: credential.source,
      user: session.user,
      plan: session.plan,
      credential: session.credential,
    },
    () => {
      const name = [session.user.firstName, session.user.lastName].filter(Boolean).join(' ')
      const rows: Array<[string, string]> = [
        ['Server', context.apiUrl],
        ['Profile', context.profile],
        ['Account', name ? `${session.user.email} (${name})` : session.user.email],
        ['Plan', session.plan.name],
        ['Credential', `${kind} "${session.credential.name}"`],
        ['From', credential.sourceLabel],
        [
          'Expires',
          session.credential.expiresAt ? describeExpiry(session.credential.expiresAt) : 'never',
        ],
      ]
      for (const [label, value] of rows) output.line(`${(label + ':').padEnd(12)}${value}`)
    }
  )
}

function describeExpiry(iso: string): string {
  const days = Math.round((new Date(iso).getTime() - Date.now()) / 86_400_000)
  return `${iso.slice(0, 10)} (in ${days} day${days === 1 ? '' : 's'})`
}

async function printToken(context: Context) {
  const credential = await context.credential()
  context.output.result({ token: credential.token, source: credential.source }, () =>
    context.output.line(credential.token)
  )
}
