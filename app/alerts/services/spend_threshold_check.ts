import { DateTime } from 'luxon'
import app from '@adonisjs/core/services/app'
import emitter from '@adonisjs/core/services/emitter'
import logger from '@adonisjs/core/services/logger'
import AlertSettings from '#alerts/models/alert_settings'
import { planHasFeature } from '#accounts/plan_catalog'
import { entitlementOf } from '#accounts/actions/resolve_entitlement'
import { ListAdAccounts } from '#meta/actions/list_ad_accounts'
import { GetInsights } from '#meta/actions/get_insights'
import { currencyExponent } from '#meta/currency'

/**
 * The `spend_threshold` producer: for each user with a spend threshold (alert preferences)
 * and Performance Alerts, reads today's spend of each of their ad accounts through the Meta
 * module's own actions (ownership checks and Graph throttling included; one insights call per
 * ad account) and raises an alert for each account above the threshold. "Today" is the ad
 * account's day (Meta's `date_preset=today` is in the account time zone); the dedupe key
 * names the account and that day, so it fires at most once per account per day. The
 * threshold is compared in the account's currency minor units. Returns alerts raised.
 */
export async function checkSpendThresholds(now: Date = new Date()): Promise<number> {
  const watchers = await AlertSettings.query().whereNotNull('spend_threshold_minor')
  let raised = 0
  for (const settings of watchers) {
    const { plan } = await entitlementOf(settings.userId)
    if (!planHasFeature(plan.id, 'performance_alerts')) continue
    try {
      raised += await checkUser(settings.userId, settings.spendThresholdMinor!, now)
    } catch (error) {
      // Not connected, token invalid (raised separately), throttled: try again next hour.
      logger.info({ err: error, userId: settings.userId }, 'spend threshold check skipped')
    }
  }
  return raised
}

async function checkUser(userId: number, thresholdMinor: number, now: Date) {
  const listAdAccounts = await app.container.make(ListAdAccounts)
  const { adAccounts } = await listAdAccounts.execute(userId)
  const insights = await app.container.make(GetInsights)
  let raised = 0
  for (const account of adAccounts) {
    const answer = await insights.execute(userId, {
      objectId: account.id,
      datePreset: 'today',
      fields: ['spend'],
    })
    const spend = Number(answer.rows[0]?.spend ?? 0)
    if (!(spend > thresholdMinor)) continue
    const day = DateTime.fromJSDate(now, { zone: account.timezone ?? 'UTC' }).toISODate()
    const money = (minor: number) => formatMinor(minor, account.currency)
    await emitter.emit('alert:raised', {
      userId,
      type: 'spend_threshold',
      dedupeKey: `spend_threshold:${account.id}:${day}`,
      title: `Spend above threshold on ${account.name || account.id}`,
      message: `Ad account ${account.name || account.id} (${account.id}) has spent ${money(spend)} today, above your threshold of ${money(thresholdMinor)}.`,
      url: '/integrations',
      data: {
        adAccountId: account.id,
        spendMinor: spend,
        thresholdMinor,
        currency: account.currency,
        day,
      },
      occurredAt: now,
    })
    raised += 1
  }
  return raised
}

/** Minor units → `612.40 USD`, with the decimals of Meta's minor unit of the currency. */
function formatMinor(minor: number, currency: string): string {
  const digits = currencyExponent(currency)
  return `${(minor / 10 ** digits).toFixed(digits)} ${currency}`
}
