import type { Container } from '@adonisjs/core/container'
import type { ContainerBindings } from '@adonisjs/core/types'
import metaConfig from '#config/meta'
import { GraphClient } from '#meta/services/graph_client'
import { MetaEndpoints } from '#meta/services/meta_endpoints'
import encryption from '@adonisjs/core/services/encryption'
import { MetaTokenSealer } from '#meta/services/meta_token_sealer'
import { AdAccountCache } from '#meta/services/ad_account_cache'

/**
 * Container bindings of the Meta module (called from providers/app_provider.ts):
 * per-process singletons for the endpoints (and the sandbox they may start), the Graph API
 * client (its throttle state is per process), the token sealer and the ad-account cache.
 * Tests swap any of them with `app.container.swap(...)`.
 */
export function registerMetaBindings(container: Container<ContainerBindings>) {
  container.singleton(MetaEndpoints, () => new MetaEndpoints(metaConfig))
  container.singleton(
    MetaTokenSealer,
    () => new MetaTokenSealer(encryption.use('meta_tokens'), metaConfig.tokenKeys)
  )
  container.singleton(AdAccountCache, () => new AdAccountCache(metaConfig.adAccountsCacheTtlMs))
  container.singleton(GraphClient, async (resolver) => {
    const metaEndpoints = await resolver.make(MetaEndpoints)
    const endpoints = await metaEndpoints.resolve()
    return new GraphClient({
      graphUrl: endpoints.graphUrl,
      version: endpoints.graphVersion,
      appId: endpoints.appId,
      appSecret: endpoints.appSecret,
      timeoutMs: metaConfig.requestTimeoutMs,
      maxRetries: metaConfig.maxRetries,
      maxResponseBytes: metaConfig.maxResponseBytes,
    })
  })
}

/** Stops the sandbox if this process started one. */
export async function shutdownMeta(container: Container<ContainerBindings>) {
  if (!container.hasBinding(MetaEndpoints)) return
  const endpoints = await container.make(MetaEndpoints)
  await endpoints.shutdown()
}
