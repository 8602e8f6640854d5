import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { z } from 'zod'
import { CreateEmbedSession } from '#embeds/actions/create_embed_session'
import { createEmbedSessionBody } from '#embeds/http/embed_endpoints'
import { WidgetBundle } from '#embeds/services/widget_bundle'
import { parseInput } from '#registry/action_registry'
import { entitlementOf } from '#accounts/actions/resolve_entitlement'

/** The preview's scope: what the Embed tab lets the user choose (origins: this app's). */
const previewBody = createEmbedSessionBody.pick({
  components: true,
  keyId: true,
  adAccountIds: true,
})

/** How long a preview session lives, in seconds. */
export const PREVIEW_TTL_SECONDS = 600

/** The Embed tab's endpoints (session + CSRF) and the bundle facts the docs show. */
@inject()
export default class EmbedPreviewController {
  constructor(
    private createSession: CreateEmbedSession,
    private bundle: WidgetBundle
  ) {}

  /**
   * POST /api/embed/preview-session {components, keyId?, adAccountIds?} → 201 {id,
   * clientSecret, expiresAt}: a 10-minute session for this app's own origin, minted through
   * the same action (plan gate, key and ad-account ownership) as the API's.
   */
  async store({ auth, request, response }: HttpContext) {
    const input: z.infer<typeof previewBody> = parseInput(previewBody, request.body())
    const user = auth.user!
    const { plan } = await entitlementOf(user.id)
    const created = await this.createSession.execute(
      { userId: user.id, planId: plan.id, tokenId: null },
      {
        ...input,
        allowedOrigins: [`${request.protocol()}://${request.host()}`],
        ttlSeconds: PREVIEW_TTL_SECONDS,
      }
    )
    return response.status(201).send(created)
  }

  /** GET /api/embed/bundle (public) → {version, path, integrity} of the script-tag build */
  async bundleInfo({ response }: HttpContext) {
    const info = await this.bundle.info()
    if (!info)
      return response.status(503).send({
        error: {
          code: 'widgets_not_built',
          message: 'The widgets build is missing: run npm run build:widgets.',
        },
      })
    return info
  }
}
