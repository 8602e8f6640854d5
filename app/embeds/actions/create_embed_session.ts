import { inject } from '@adonisjs/core'
import { DateTime } from 'luxon'
import EmbedSession from '#embeds/models/embed_session'
import { ListApiKeys } from '#keys/actions/list_api_keys'
import { ActionRegistry } from '#registry/action_registry'
import { assertPlanHasFeature, type PlanId } from '#accounts/plan_catalog'
import { AppError } from '#shared/errors'
import { hashClientSecret, newClientSecret, newSessionId } from '#embeds/services/client_secret'
import { normalizeOrigin } from '#embeds/services/origins'
import type { CreatedEmbedSession, EmbedComponent } from '#embeds/types'

/** Longest an embed session lives, in seconds (issue 17: ttlSeconds ≤ 3600). */
export const MAX_EMBED_TTL_SECONDS = 3600
export const MIN_EMBED_TTL_SECONDS = 60
/** Most allowed origins and ad accounts one session names. */
export const MAX_EMBED_ORIGINS = 10
export const MAX_EMBED_AD_ACCOUNTS = 20

/** The account minting the session: the owner of the API key sent, with its plan. */
export interface EmbedSessionMinter {
  userId: number
  planId: PlanId
  /** The API key used; null for the Embed tab's preview (web session) */
  tokenId: number | null
}

export interface CreateEmbedSessionInput {
  components: EmbedComponent[]
  keyId?: number | null
  adAccountIds?: string[]
  allowedOrigins: string[]
  ttlSeconds?: number
  hidePoweredBy?: boolean
}

/**
 * Mints an embed session (issue 17): checks the plan (paid plans: `embed_widgets`; hiding
 * "Powered by Adrelay": Agency, `embed_unbranded`), that `keyId` is one of the account's
 * usable API keys, that every ad account is the account's (through the `get_ad_account`
 * action, so Meta's visibility rule is the one the API applies everywhere), and normalises
 * the origins. The client secret is returned once; only its SHA-256 is stored.
 * @throws AppError 403 `plan_upgrade_required`, 404 `not_found` (key), 404
 *   `meta_object_not_owned` / `meta_not_connected` (ad accounts), 422 `validation_failed`
 */
@inject()
export class CreateEmbedSession {
  constructor(
    private registry: ActionRegistry,
    private listKeys: ListApiKeys
  ) {}

  async execute(
    minter: EmbedSessionMinter,
    input: CreateEmbedSessionInput
  ): Promise<CreatedEmbedSession> {
    assertPlanHasFeature(minter.planId, 'embed_widgets', 'Embeddable widgets')
    if (input.hidePoweredBy) {
      assertPlanHasFeature(minter.planId, 'embed_unbranded', 'Hiding "Powered by Adrelay"')
    }
    const components = [...new Set(input.components)]
    const adAccountIds = [...new Set(input.adAccountIds ?? [])]
    if (components.includes('campaign_performance') && adAccountIds.length === 0) {
      throw new AppError(
        'validation_failed',
        'adAccountIds: campaign_performance needs at least one ad account',
        422,
        { field: 'adAccountIds' }
      )
    }
    const allowedOrigins = [
      ...new Set(input.allowedOrigins.map((origin, index) => normalizeOrigin(origin, index))),
    ]

    if (input.keyId !== undefined && input.keyId !== null) {
      const keys = await this.listKeys.execute(minter.userId)
      if (!keys.some((key) => key.id === input.keyId))
        throw new AppError('not_found', 'API key not found.', 404, { field: 'keyId' })
    }
    const normalizedAccounts: string[] = []
    for (const adAccountId of adAccountIds) {
      const { adAccount } = (await this.registry.invoke('get_ad_account', minter, {
        adAccountId,
      })) as { adAccount: { id: string } }
      normalizedAccounts.push(adAccount.id)
    }

    const id = newSessionId()
    const clientSecret = newClientSecret(id)
    const ttlSeconds = input.ttlSeconds ?? MAX_EMBED_TTL_SECONDS
    const session = await EmbedSession.create({
      publicId: id,
      userId: minter.userId,
      keyId: input.keyId ?? null,
      components,
      adAccountIds: [...new Set(normalizedAccounts)],
      allowedOrigins,
      hidePoweredBy: input.hidePoweredBy ?? false,
      secretHash: hashClientSecret(clientSecret),
      // Whole seconds, as the column stores it: the answer and the listed session agree.
      expiresAt: DateTime.utc().plus({ seconds: ttlSeconds }).startOf('second'),
    })
    return { id, clientSecret, expiresAt: session.expiresAt.toUTC().toISO()! }
  }
}
