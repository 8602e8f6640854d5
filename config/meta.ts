import env from '#start/env'
import app from '@adonisjs/core/services/app'

/**
 * One key able to seal/open Meta access tokens (the `meta_tokens` encrypter of
 * config/encryption.ts). `version` labels it in the environment
 * (META_TOKEN_ENCRYPTION_KEY_VERSION, META_TOKEN_ENCRYPTION_PREVIOUS_KEYS as "version:key");
 * since migration 0250 it is no longer stored with each token: every listed key is tried.
 */
export interface TokenKey {
  version: number
  /** Secret material, at least 16 characters (AdonisJS encryption refuses shorter keys). */
  secret: string
}

/**
 * Resolved Meta settings (read once at boot).
 *
 * - `useSandbox`: true when META_APP_ID is unset outside production. The embedded Graph API
 *   stand-in (tests/stand_ins/meta_sandbox) is then started on a loopback port on first use and the app's
 *   Graph/dialog URLs point at it (see MetaEndpoints).
 * - `graphUrl`/`dialogUrl`: Meta's hosts by default (META_GRAPH_URL / META_DIALOG_URL).
 * - `graphVersion`: Graph API version path segment (Meta versions, default v25.0).
 * - `tokenKeys`: the current key first, then previous keys that may still decrypt old rows.
 */
export interface MetaConfig {
  appId: string | null
  appSecret: string | null
  useSandbox: boolean
  graphVersion: string
  graphUrl: string
  dialogUrl: string
  /** Permissions asked for in the OAuth dialog of every user (Marketing API). */
  scopes: string[]
  /**
   * Permissions also asked for when the user's plan has Lead Tracking (Agency): what Meta's
   * "Lead Ads: Retrieving leads" guide lists for reading all lead data with ad-level fields
   * (`ads_management` is in `scopes`). See docs/leads.md "Meta permissions".
   */
  leadScopes: string[]
  /** Per-request timeout towards Meta, in milliseconds. */
  requestTimeoutMs: number
  /** Attempts after the first one, only for transient faults. */
  maxRetries: number
  /** Largest Graph response accepted, in bytes (the integrator proxy relies on it). */
  maxResponseBytes: number
  /** How long a connect attempt's `state` stays valid, in seconds. */
  oauthStateTtlSeconds: number
  /** How long the list of ad accounts a token can see is cached, in milliseconds. */
  adAccountsCacheTtlMs: number
  currentTokenKey: TokenKey
  tokenKeys: TokenKey[]
  /**
   * Images fetched by URL for upload_ad_image (#shared/public_http rules): largest image in
   * bytes, time limit, redirects followed, and origins exempt from the public-address rule
   * (OUTBOUND_ALLOWED_ORIGINS; empty in production unless you set it).
   */
  imageFetch: {
    maxBytes: number
    timeoutMs: number
    maxRedirects: number
    allowedOrigins: string[]
  }
}

/** Known publicly: only for development and tests (production refuses to boot without a key). */
const DEVELOPMENT_TOKEN_KEY = 'adrelay-insecure-development-meta-token-key'

/** Sandbox credentials (the sandbox only accepts these; not secrets). */
export const SANDBOX_APP_ID = '100000000000000'
export const SANDBOX_APP_SECRET = 'adrelay-sandbox-app-secret'

function parsePreviousKeys(raw: string | undefined): TokenKey[] {
  if (!raw) return []
  return raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const separator = entry.indexOf(':')
      const version = Number(entry.slice(0, separator))
      if (separator < 1 || !Number.isInteger(version)) {
        throw new Error('META_TOKEN_ENCRYPTION_PREVIOUS_KEYS must look like "1:key,2:key"')
      }
      return { version, secret: entry.slice(separator + 1) }
    })
}

const appId = env.get('META_APP_ID') ?? null
const useSandbox = !appId && !app.inProduction
const currentTokenKey: TokenKey = {
  version: env.get('META_TOKEN_ENCRYPTION_KEY_VERSION') ?? 1,
  secret: env.get('META_TOKEN_ENCRYPTION_KEY')?.release() ?? DEVELOPMENT_TOKEN_KEY,
}

const metaConfig: MetaConfig = {
  appId: useSandbox ? SANDBOX_APP_ID : appId,
  appSecret: useSandbox ? SANDBOX_APP_SECRET : (env.get('META_APP_SECRET')?.release() ?? null),
  useSandbox,
  graphVersion: env.get('META_GRAPH_VERSION') ?? 'v25.0',
  graphUrl: (env.get('META_GRAPH_URL') ?? 'https://graph.facebook.com').replace(/\/+$/, ''),
  dialogUrl: (env.get('META_DIALOG_URL') ?? 'https://www.facebook.com').replace(/\/+$/, ''),
  scopes: ['ads_read', 'ads_management', 'business_management'],
  leadScopes: ['leads_retrieval', 'pages_show_list', 'pages_read_engagement', 'pages_manage_ads'],
  requestTimeoutMs: env.get('META_REQUEST_TIMEOUT_MS') ?? 15_000,
  maxRetries: 2,
  maxResponseBytes: 2 * 1024 * 1024,
  oauthStateTtlSeconds: 15 * 60,
  adAccountsCacheTtlMs: 60_000,
  currentTokenKey,
  imageFetch: {
    maxBytes: 8 * 1024 * 1024,
    timeoutMs: 15_000,
    maxRedirects: 3,
    allowedOrigins: (env.get('OUTBOUND_ALLOWED_ORIGINS') ?? '')
      .split(',')
      .map((origin) => origin.trim().replace(/\/+$/, ''))
      .filter(Boolean),
  },
  tokenKeys: [
    currentTokenKey,
    ...parsePreviousKeys(env.get('META_TOKEN_ENCRYPTION_PREVIOUS_KEYS')?.release()).filter(
      (key) => key.version !== currentTokenKey.version
    ),
  ],
}

/**
 * The permissions a user's Meta connection needs: the Marketing API scopes, plus the lead
 * scopes when `withLeads` (their plan has Lead Tracking).
 */
export function metaScopesFor(withLeads: boolean): string[] {
  return withLeads ? [...metaConfig.scopes, ...metaConfig.leadScopes] : [...metaConfig.scopes]
}

export default metaConfig
