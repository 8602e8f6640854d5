/*
| Environment variables: validated at boot. Every variable is listed in README.md (Configuration).
*/
import { Env } from '@adonisjs/core/env'

export default await Env.create(new URL('../', import.meta.url), {
  NODE_ENV: Env.schema.enum.optional(['development', 'production', 'test'] as const),
  PORT: Env.schema.number.optional(),
  HOST: Env.schema.string.optional({ format: 'host' }),
  APP_KEY: Env.schema.secret.optional(),
  APP_URL: Env.schema.string.optional(),
  APP_NAME: Env.schema.string.optional(),
  LOG_LEVEL: Env.schema.string.optional(),

  /* Database */
  DB_CONNECTION: Env.schema.enum.optional(['sqlite', 'mysql'] as const),
  SQLITE_FILE: Env.schema.string.optional(),
  MYSQL_HOST: Env.schema.string.optional(),
  MYSQL_PORT: Env.schema.number.optional(),
  MYSQL_USER: Env.schema.string.optional(),
  MYSQL_PASSWORD: Env.schema.secret.optional(),
  DB_DATABASE: Env.schema.string.optional(),

  /* Redis (optional): quota counters and sessions move there when set */
  REDIS_URL: Env.schema.string.optional(),

  /* Rate limits (config/limiter.ts): database by default, redis with REDIS_URL */
  LIMITER_STORE: Env.schema.enum.optional(['database', 'redis', 'memory'] as const),

  /* Live notifications without Redis: the web process's relay poll (app/alerts/services/notification_relay.ts) */
  NOTIFICATION_RELAY_INTERVAL_MS: Env.schema.number.optional(),

  /* Background jobs (config/queue.ts): database by default, redis with REDIS_URL */
  QUEUE_DRIVER: Env.schema.enum.optional(['database', 'redis', 'sync'] as const),

  /* Sessions */
  SESSION_DRIVER: Env.schema.enum.optional(['database', 'redis', 'cookie', 'memory'] as const),

  /* Google sign-in */
  GOOGLE_CLIENT_ID: Env.schema.string.optional(),
  GOOGLE_CLIENT_SECRET: Env.schema.secret.optional(),
  GOOGLE_CALLBACK_URL: Env.schema.string.optional(),
  GOOGLE_AUTHORIZE_URL: Env.schema.string.optional(),
  GOOGLE_ACCESS_TOKEN_URL: Env.schema.string.optional(),
  GOOGLE_USER_INFO_URL: Env.schema.string.optional(),

  /* Tests: the front end's production build the browser suite serves instead of Vite's dev
     server (set by `npm test`, scripts/build_test_frontend.mjs; ADR 0023) */
  TEST_FRONTEND_BUILD: Env.schema.string.optional(),

  /* Metered API */
  API_KEY_CACHE_TTL_MS: Env.schema.number.optional(),
  CALL_LOG_FLUSH_INTERVAL_MS: Env.schema.number.optional(),
  CALL_LOG_RETENTION_DAYS: Env.schema.number.optional(),
  USAGE_ROLLUP_RETENTION_DAYS: Env.schema.number.optional(),
  QUOTA_PERSIST_INTERVAL_MS: Env.schema.number.optional(),
  QUOTA_LEASE_MAX_UNITS: Env.schema.number.optional(),

  /* Meta (Facebook) ads connection: without META_APP_ID, development and tests use the
     Graph API sandbox (tests/stand_ins/meta_sandbox). */
  META_APP_ID: Env.schema.string.optional(),
  META_APP_SECRET: Env.schema.secret.optional(),
  META_GRAPH_VERSION: Env.schema.string.optional(),
  META_GRAPH_URL: Env.schema.string.optional(),
  META_DIALOG_URL: Env.schema.string.optional(),
  META_TOKEN_ENCRYPTION_KEY: Env.schema.secret.optional(),
  META_TOKEN_ENCRYPTION_KEY_VERSION: Env.schema.number.optional(),
  /* Earlier keys still able to decrypt, as "version:key,version:key" */
  META_TOKEN_ENCRYPTION_PREVIOUS_KEYS: Env.schema.secret.optional(),
  META_REQUEST_TIMEOUT_MS: Env.schema.number.optional(),
  /* Origins (scheme://host:port) exempt from the public-address rule of server-side fetches
  | (upload_ad_image by URL), comma-separated: a local file server in development. */
  OUTBOUND_ALLOWED_ORIGINS: Env.schema.string.optional(),

  /* Billing (Stripe). BILLING_MODE: stripe | manual | off; defaults to stripe when
     STRIPE_SECRET_KEY is set, otherwise manual (plan changes without payment) outside production. */
  BILLING_MODE: Env.schema.enum.optional(['stripe', 'manual', 'off'] as const),
  STRIPE_SECRET_KEY: Env.schema.secret.optional(),
  STRIPE_WEBHOOK_SECRET: Env.schema.secret.optional(),
  STRIPE_PUBLISHABLE_KEY: Env.schema.string.optional(),
  /* Only to point the SDK at another Stripe-compatible host (stripe-mock); default api.stripe.com */
  STRIPE_API_HOST: Env.schema.string.optional(),
  STRIPE_API_PORT: Env.schema.number.optional(),
  STRIPE_API_PROTOCOL: Env.schema.enum.optional(['http', 'https'] as const),

  /* MCP server: extra browser origins allowed to call /mcp (comma-separated; APP_URL's is always allowed) */
  MCP_ALLOWED_ORIGINS: Env.schema.string.optional(),

  /* Alerts: email over SMTP (logged instead of sent when SMTP_HOST is unset) */
  SMTP_HOST: Env.schema.string.optional(),
  SMTP_PORT: Env.schema.number.optional(),
  SMTP_SECURE: Env.schema.boolean.optional(),
  SMTP_USERNAME: Env.schema.string.optional(),
  SMTP_PASSWORD: Env.schema.secret.optional(),
  MAIL_FROM_ADDRESS: Env.schema.string.optional(),
  /* Alerts: webhook request time limit (default 10000) */
  ALERT_WEBHOOK_TIMEOUT_MS: Env.schema.number.optional(),
  /* Leads: the verify token of Meta's leadgen webhook subscription; retention in days */
  META_WEBHOOK_VERIFY_TOKEN: Env.schema.string.optional(),
  LEAD_RETENTION_DAYS: Env.schema.number.optional(),

  /* Privacy page */
  PRIVACY_CONTACT_EMAIL: Env.schema.string.optional(),

  /* Data rights: admin audit log entries older than this many days are deleted (default 400) */
  AUDIT_LOG_RETENTION_DAYS: Env.schema.number.optional(),
})

/*
| Production refuses to boot without what it cannot work without, and says why.
*/
if (process.env.NODE_ENV === 'production') {
  const missing = ['APP_KEY', 'APP_URL', 'GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'].filter(
    (name) => !process.env[name]
  )
  if (missing.length > 0) {
    throw new Error(
      `Adrelay cannot start in production without ${missing.join(', ')}. ` +
        'Google sign-in is the only way to sign in in production (the development sign-in page ' +
        'does not exist there); set these variables (see README, Configuration).'
    )
  }
}

/*
| Meta access tokens are encrypted with their own key; production must not fall back to the
| publicly known development key.
*/
if (process.env.NODE_ENV === 'production' && !process.env.META_TOKEN_ENCRYPTION_KEY) {
  throw new Error(
    'Adrelay cannot start in production without META_TOKEN_ENCRYPTION_KEY: Meta access tokens ' +
      'are encrypted at rest with it (32+ random characters; see README, Configuration).'
  )
}
