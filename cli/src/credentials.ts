import { CliError, ExitCode, notSignedIn } from './errors.js'
import { keychain } from './keychain.js'
import {
  DEFAULT_API_URL,
  credentialsPath,
  readFileCredential,
  readProfile,
  type ProfileSettings,
} from './config.js'

/** Where the credential in use came from (`adrelay auth status` says it). */
export type CredentialSource = 'ADRELAY_TOKEN' | 'ADRELAY_API_KEY' | 'keychain' | 'file'

export interface ResolvedCredential {
  token: string
  source: CredentialSource
  /** Human description: "environment (ADRELAY_TOKEN)", "keychain", "file …/credentials.json" */
  sourceLabel: string
}

/** Trailing slashes off, so `http://x/` and `http://x` are one server. */
export function normaliseApiUrl(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error('protocol')
  } catch {
    throw new CliError(
      'invalid_api_url',
      `"${url}" is not an http(s) URL (ADRELAY_API_URL or --api-url).`,
      ExitCode.usage
    )
  }
  return url.replace(/\/+$/, '')
}

/** The server of `profile`: `ADRELAY_API_URL`, else the profile's, else adrelay.io. */
export function apiUrlFor(settings: ProfileSettings | null): string {
  return normaliseApiUrl(process.env.ADRELAY_API_URL || settings?.apiUrl || DEFAULT_API_URL)
}

/**
 * The credential to send, in this order (the first that is set wins):
 * `ADRELAY_TOKEN` (a CLI token, e.g. in CI), `ADRELAY_API_KEY` (an API key: runs actions,
 * cannot manage keys), then what `adrelay login` stored for the profile (keychain or file).
 * A stored credential is only ever sent to the server it was issued by.
 * @throws CliError `not_signed_in` (exit 3), `keychain_unavailable`, `server_mismatch` (exit 2)
 */
export async function resolveCredential(
  profile: string,
  settings: ProfileSettings | null
): Promise<ResolvedCredential> {
  if (process.env.ADRELAY_TOKEN) {
    return {
      token: process.env.ADRELAY_TOKEN,
      source: 'ADRELAY_TOKEN',
      sourceLabel: 'environment (ADRELAY_TOKEN)',
    }
  }
  if (process.env.ADRELAY_API_KEY) {
    return {
      token: process.env.ADRELAY_API_KEY,
      source: 'ADRELAY_API_KEY',
      sourceLabel: 'environment (ADRELAY_API_KEY)',
    }
  }
  if (!settings) throw notSignedIn(profile)
  const envUrl = process.env.ADRELAY_API_URL
  if (envUrl && normaliseApiUrl(envUrl) !== normaliseApiUrl(settings.apiUrl)) {
    throw new CliError(
      'server_mismatch',
      `Profile "${profile}" is signed in to ${settings.apiUrl}, but ADRELAY_API_URL is ${envUrl}. ` +
        'Unset ADRELAY_API_URL, use another --profile, or sign in again.',
      ExitCode.usage
    )
  }
  if (settings.storage === 'file') {
    const stored = await readFileCredential(profile)
    if (!stored) throw notSignedIn(profile)
    return { token: stored.token, source: 'file', sourceLabel: `file ${credentialsPath()}` }
  }
  const token = await keychain.get(profile)
  if (!token) throw notSignedIn(profile)
  return { token, source: 'keychain', sourceLabel: 'OS keychain' }
}

/** The profile name: `--profile`, else `ADRELAY_PROFILE`, else `default`. */
export function profileName(option: string | undefined): string {
  const name = option || process.env.ADRELAY_PROFILE || 'default'
  if (!/^[A-Za-z0-9_.-]{1,64}$/.test(name)) {
    throw new CliError(
      'invalid_profile',
      `Profile names use letters, digits, ".", "_" and "-" (got "${name}").`,
      ExitCode.usage
    )
  }
  return name
}

export { readProfile }
