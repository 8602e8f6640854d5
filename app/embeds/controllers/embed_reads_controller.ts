import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { AuthorizeEmbedRequest } from '#embeds/actions/authorize_embed_request'
import { ReadEmbedComponent } from '#embeds/actions/read_embed_component'
import type { EmbedComponent } from '#embeds/types'
import { embedListValidator } from '#embeds/validators'

/**
 * The widgets' read-only endpoints, `GET /embed/v1/<session id>/<component>` with
 * `Authorization: Bearer <client secret>`. The origin was checked by `embedOrigin`; each
 * handler authorizes the secret for its component, then reads. Not metered.
 */
@inject()
export default class EmbedReadsController {
  constructor(
    private authorizer: AuthorizeEmbedRequest,
    private reads: ReadEmbedComponent
  ) {}

  #authorize(ctx: HttpContext, component: EmbedComponent | null) {
    ctx.response.header('Cache-Control', 'no-store')
    return this.authorizer.authorize(
      ctx.embedSession!,
      ctx.request.header('authorization'),
      component
    )
  }

  /** GET /embed/v1/:sessionId/session */
  async session(ctx: HttpContext) {
    return this.reads.info(await this.#authorize(ctx, null))
  }

  async quota(ctx: HttpContext) {
    return this.reads.quota(await this.#authorize(ctx, 'quota'))
  }

  async usage(ctx: HttpContext) {
    return this.reads.usage(await this.#authorize(ctx, 'usage'))
  }

  /** ?limit=1-50 (default 10); another value answers 422 validation_failed */
  async recentCalls(ctx: HttpContext) {
    const session = await this.#authorize(ctx, 'recent_calls')
    const { limit } = await ctx.request.validateUsing(embedListValidator, {
      data: ctx.request.qs(),
    })
    return this.reads.recentCalls(session, limit ?? 10)
  }

  async keys(ctx: HttpContext) {
    return this.reads.keys(await this.#authorize(ctx, 'keys'))
  }

  /** ?limit=1-50 (default 10); another value answers 422 validation_failed */
  async ruleActivity(ctx: HttpContext) {
    const session = await this.#authorize(ctx, 'rule_activity')
    const { limit } = await ctx.request.validateUsing(embedListValidator, {
      data: ctx.request.qs(),
    })
    return this.reads.ruleActivity(session, limit ?? 10)
  }

  /** ?adAccountId=act_…&datePreset=last_7d|last_14d|last_30d */
  async campaignPerformance(ctx: HttpContext) {
    const { adAccountId, datePreset } = ctx.request.qs()
    return this.reads.campaignPerformance(await this.#authorize(ctx, 'campaign_performance'), {
      adAccountId: typeof adAccountId === 'string' ? adAccountId : undefined,
      datePreset: typeof datePreset === 'string' ? datePreset : undefined,
    })
  }
}
