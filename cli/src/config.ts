import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { homedir } from 'node:os'
import { join } from 'node:path'

/** Server used when neither `ADRELAY_API_URL` nor a signed-in profile says otherwise. */
export const DEFAULT_API_URL = 'https://adrelay.io'

/** Where a profile's credential is kept: the OS keychain, or (opted into) a 0600 file. */
export type CredentialStorage = 'keychain' | 'file'

/** Non-secret settings of one profile (`config.json`). */
export interface ProfileSettings {
  apiUrl: string
  storage: CredentialStorage
  /** Email of the signed-in account, for messages only. */
  email?: string
}

interface ConfigFile {
  profiles: Record<string, ProfileSettings>
}

interface CredentialsFile {
  profiles: Record<string, { token: string; expiresAt: string | null }>
}

/**
 * `$XDG_CONFIG_HOME/adrelay` (default `~/.config/adrelay`; `%APPDATA%\adrelay` on Windows):
 * `config.json` (profiles, no secrets) and, only with `--insecure-storage`,
 * `credentials.json`.
 */
export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.XDG_CONFIG_HOME) return join(env.XDG_CONFIG_HOME, 'adrelay')
  if (process.platform === 'win32' && env.APPDATA) return join(env.APPDATA, 'adrelay')
  return join(homedir(), '.config', 'adrelay')
}

/** `$XDG_CACHE_HOME/adrelay` (default `~/.cache/adrelay`): the cached OpenAPI documents. */
export function cacheDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.XDG_CACHE_HOME) return join(env.XDG_CACHE_HOME, 'adrelay')
  if (process.platform === 'win32' && env.LOCALAPPDATA) return join(env.LOCALAPPDATA, 'adrelay')
  return join(homedir(), '.cache', 'adrelay')
}

export const credentialsPath = () => join(configDir(), 'credentials.json')
const configPath = () => join(configDir(), 'config.json')

async function readJson<T>(path: string, fallback: T): Promise<T> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as T
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return fallback
    throw error
  }
}

/**
 * Writes `data` as JSON readable by its owner only: the folder is made (or tightened to)
 * 0700, the file written 0600 under a temporary name and renamed over the old one, so a
 * reader never sees half a file and the secret is never world-readable, even briefly.
 */
export async function writePrivateJson(path: string, data: unknown): Promise<void> {
  const dir = configDir()
  await mkdir(dir, { recursive: true, mode: 0o700 })
  await chmod(dir, 0o700)
  const temporary = `${path}.${process.pid}.tmp`
  await writeFile(temporary, JSON.stringify(data, null, 2) + '\n', { mode: 0o600 })
  await chmod(temporary, 0o600)
  await rename(temporary, path)
}

/** The settings of `profile`, or null when it never signed in. */
export async function readProfile(profile: string): Promise<ProfileSettings | null> {
  const config = await readJson<ConfigFile>(configPath(), { profiles: {} })
  return config.profiles?.[profile] ?? null
}

/** Saves (or with `null` removes) the settings of `profile`. */
export async function writeProfile(profile: string, settings: ProfileSettings | null) {
  const config = await readJson<ConfigFile>(configPath(), { profiles: {} })
  config.profiles ??= {}
  if (settings) config.profiles[profile] = settings
  else delete config.profiles[profile]
  await writePrivateJson(configPath(), config)
}

/** The token `--insecure-storage` stored for `profile`, or null. */
export async function readFileCredential(profile: string) {
  const file = await readJson<CredentialsFile>(credentialsPath(), { profiles: {} })
  return file.profiles?.[profile] ?? null
}

/** Stores (or with `null` removes) `profile`'s token in credentials.json (0600). */
export async function writeFileCredential(
  profile: string,
  credential: { token: string; expiresAt: string | null } | null
) {
  const file = await readJson<CredentialsFile>(credentialsPath(), { profiles: {} })
  file.profiles ??= {}
  if (credential) file.profiles[profile] = credential
  else delete file.profiles[profile]
  await writePrivateJson(credentialsPath(), file)
}
