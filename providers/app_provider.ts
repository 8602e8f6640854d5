import type { ApplicationService } from '@adonisjs/core/types'
import env from '#start/env'
import { ApiKeyVerifier } from '#keys/services/api_key_verifier'
import { KeyCacheBus } from '#keys/services/key_cache_bus'
import { CallLog } from '#usage/services/call_log'
import { Metering } from '#usage/services/metering'
import { MeterCall } from '#usage/actions/meter_call'
import { SqlQuotaStore } from '#usage/services/sql_quota_store'
import { RedisQuotaStore } from '#usage/services/redis_quota_store'
import { QuotaStore } from '#usage/services/quota_store'
import { registerMetaBindings, shutdownMeta } from '#meta/bindings'
import { BillingSettings } from '#billing/services/billing_settings'
import { StripeGateway } from '#billing/services/stripe_gateway'
import { ActionRegistry } from '#registry/action_registry'
import MeteredApiMiddleware from '#usage/middleware/metered_api_middleware'
import RestActionsController from '#automation/controllers/rest_actions_controller'

/**
 * Binds the metered-API services as per-process singletons (the key cache and the call-log
 * buffer are per-process accelerators; the quota counters they use are shared), and flushes
 * them on shutdown.
 */
export default class AppProvider {
  #persistTimer: NodeJS.Timeout | null = null
  #meteringResolved = false

  constructor(protected app: ApplicationService) {}

  register() {
    // Stateless classes on the metered hot path: made once, not resolved per request.
    this.app.container.singleton(MeteredApiMiddleware, async (resolver) => {
      return new MeteredApiMiddleware(await resolver.make(Metering))
    })
    this.app.container.singleton(MeterCall, async (resolver) => {
      return new MeterCall(await resolver.make(Metering))
    })
    this.app.container.singleton(RestActionsController, async (resolver) => {
      return new RestActionsController(await resolver.make(ActionRegistry))
    })
    this.app.container.singleton(ActionRegistry, async () => {
      const { publishedRegistry } = await import('#automation/registry/published_actions')
      return publishedRegistry()
    })
    this.app.container.singleton(BillingSettings, async () => {
      const { default: billingConfig } = await import('#config/billing')
      return new BillingSettings(billingConfig)
    })
    this.app.container.singleton(StripeGateway, async (resolver) => {
      return new StripeGateway(await resolver.make(BillingSettings))
    })
    this.app.container.singleton(ApiKeyVerifier, () => {
      return new ApiKeyVerifier(env.get('API_KEY_CACHE_TTL_MS') ?? 10_000)
    })
    // Verifier cache invalidations to and from the other instances (Redis pub/sub), or none.
    this.app.container.singleton(KeyCacheBus, async (resolver) => {
      const verifier = await resolver.make(ApiKeyVerifier)
      if (!env.get('REDIS_URL')) return new KeyCacheBus(verifier, null)
      const redis = await resolver.make('redis')
      const logger = await resolver.make('logger')
      return new KeyCacheBus(verifier, redis.connection('main'), (error) =>
        logger.warn({ err: error }, 'key cache invalidation over Redis failed')
      )
    })
    this.app.container.singleton(CallLog, () => {
      return new CallLog(
        env.get('CALL_LOG_FLUSH_INTERVAL_MS') ?? 1000,
        1000,
        env.get('CALL_LOG_RETENTION_DAYS') ?? 90,
        env.get('USAGE_ROLLUP_RETENTION_DAYS') ?? 400
      )
    })
    this.app.container.singleton(QuotaStore, async (resolver) => {
      let store: SqlQuotaStore | RedisQuotaStore
      if (!env.get('REDIS_URL')) {
        store = new SqlQuotaStore()
      } else {
        const redis = await resolver.make('redis')
        store = new RedisQuotaStore(redis.connection('main').ioConnection)
      }
      // Quota leases (ADR 0021): the most units one instance reserves ahead per key.
      store.leaseMaxUnits = env.get('QUOTA_LEASE_MAX_UNITS') ?? store.leaseMaxUnits
      return store
    })
    this.app.container.singleton(Metering, async (resolver) => {
      this.#meteringResolved = true
      return new Metering(
        await resolver.make(ApiKeyVerifier),
        await resolver.make(QuotaStore),
        await resolver.make(CallLog)
      )
    })
    registerMetaBindings(this.app.container)
  }

  async ready() {
    if (env.get('REDIS_URL') && this.app.getEnvironment() === 'web') {
      // Revocations, suspensions and plan changes made on another instance reach this one's
      // key cache (README, "Running several instances").
      const bus = await this.app.container.make(KeyCacheBus)
      bus.start()
      const metering = await this.app.container.make(Metering)
      this.#persistTimer = setInterval(
        () => void metering.quotas.persist().catch(() => {}),
        env.get('QUOTA_PERSIST_INTERVAL_MS') ?? 5000
      )
      this.#persistTimer.unref()
    }
  }

  async shutdown() {
    if (this.#persistTimer) clearInterval(this.#persistTimer)
    if (env.get('REDIS_URL') && this.app.getEnvironment() === 'web') {
      const bus = await this.app.container.make(KeyCacheBus)
      await bus.stop()
    }
    await shutdownMeta(this.app.container)
    if (!this.#meteringResolved) return
    const metering = await this.app.container.make(Metering)
    await metering.settle()
  }
}
