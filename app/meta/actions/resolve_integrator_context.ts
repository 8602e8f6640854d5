import { inject } from '@adonisjs/core'
import { AppError } from '#shared/errors'
import { entitlementOf } from '#accounts/actions/resolve_entitlement'
import type { QuotaState } from '#usage/services/metering'
import { MetaAccess } from '#meta/services/meta_access'
import { GetMetaConnection } from '#meta/actions/get_meta_connection'
import type { AdAccount } from '#meta/services/normalize'

/**
 * What an n8n flow or MCP gateway needs before it acts for the owner of an API key
 * (`POST /internal/meta/resolve`): the user, their plan, the quota after counting this call,
 * and their Meta connection with the ad accounts it can see. Meta trouble (token invalid, Meta
 * down) does not fail the call: `meta.error` carries the code and `meta.adAccounts` is empty.
 */
@inject()
export class ResolveIntegratorContext {
  constructor(
    private meta: MetaAccess,
    private getConnection: GetMetaConnection
  ) {}

  async execute(userId: number, quota: QuotaState) {
    const entitlement = await entitlementOf(userId)
    const status = await this.getConnection.execute(userId)
    let adAccounts: AdAccount[] = []
    let error: { code: string; message: string } | null = null
    if (status.connected) {
      try {
        const session = await this.meta.forUser(userId)
        adAccounts = await session.adAccounts()
      } catch (failure) {
        if (!(failure instanceof AppError)) throw failure
        error = { code: failure.code, message: failure.message }
      }
    }
    const after =
      error?.code === 'meta_token_invalid' ? await this.getConnection.execute(userId) : status
    return {
      userId,
      plan: { id: entitlement.plan.id, name: entitlement.plan.name, status: entitlement.status },
      quota: {
        used: quota.used,
        limit: quota.limit,
        remaining: quota.remaining,
        resetsAt: quota.resetsAt.toISOString(),
      },
      meta: {
        connected: after.connected,
        status: after.status,
        reconnectRequired: after.reconnectRequired,
        name: after.name,
        metaUserId: after.userId,
        isLongLived: after.isLongLived,
        expiresAt: after.expiresAt,
        sandbox: after.sandbox,
        adAccounts,
        error,
      },
    }
  }
}
