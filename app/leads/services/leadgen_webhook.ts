import { createHmac, timingSafeEqual } from 'node:crypto'
import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import { planHasFeature } from '#accounts/plan_catalog'
import { entitlementOf } from '#accounts/actions/resolve_entitlement'
import LeadForm from '#leads/models/lead_form'
import { LeadSync } from '#leads/services/lead_sync'

/**
 * True when `header` (`X-Hub-Signature-256: sha256=<hex>`) is the HMAC-SHA256 of the raw
 * request body keyed with the Meta app secret (Meta Webhooks, "Validating payloads"),
 * compared in constant time.
 */
export function validHubSignature(rawBody: string, header: string | undefined, appSecret: string) {
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header ?? '')
  if (!match) return false
  const expected = createHmac('sha256', appSecret).update(rawBody, 'utf8').digest()
  const given = Buffer.from(match[1], 'hex')
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/**
 * Handles a verified `leadgen` webhook payload (object `page`, `entry[].changes[]` with
 * `field: "leadgen"` and `value: {leadgen_id, form_id, page_id, created_time, ad_id}`): for
 * each Agency user who has the lead's form (seen in `lead_forms`), fetches the lead with that
 * user's Meta connection and stores it (raising `lead_received` once). Returns how many leads
 * were stored. One user's failure (token revoked) is logged and does not stop the others.
 */
export async function handleLeadgenPayload(payload: any): Promise<number> {
  if (payload?.object !== 'page' || !Array.isArray(payload.entry)) return 0
  const sync = await app.container.make(LeadSync)
  let stored = 0
  for (const entry of payload.entry) {
    for (const change of Array.isArray(entry?.changes) ? entry.changes : []) {
      if (change?.field !== 'leadgen' || !change.value?.leadgen_id) continue
      const leadId = String(change.value.leadgen_id)
      const formId = String(change.value.form_id ?? '')
      const holders = await LeadForm.query().where('meta_form_id', formId)
      for (const form of holders) {
        const { plan } = await entitlementOf(form.userId)
        if (!planHasFeature(plan.id, 'lead_tracking')) continue
        try {
          if (await sync.fetchOne(form.userId, leadId, form.name)) stored += 1
        } catch (error) {
          logger.warn({ err: error, userId: form.userId, leadId }, 'leadgen lead not fetched')
        }
      }
    }
  }
  return stored
}
