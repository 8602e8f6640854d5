import { DateTime } from 'luxon'
import app from '@adonisjs/core/services/app'
import encryption from '@adonisjs/core/services/encryption'
import env from '#start/env'
import Lead from '#leads/models/lead'
import { isSuspended } from '#accounts/actions/resolve_entitlement'
import LeadForm from '#leads/models/lead_form'
import LeadDelivery from '#leads/models/lead_delivery'
import LeadForwarding from '#leads/models/lead_forwarding'
import ForwardLead from '#leads/jobs/forward_lead'
import {
  postWebhook,
  signWebhookBody,
  SIGNATURE_HEADER,
  WebhookCallError,
} from '#shared/signed_webhooks'

/** `Adrelay-Event` of a forwarded lead (and `type` in its body). */
export const LEAD_EVENT = 'lead.received'

/** The JSON body POSTed to a forwarding destination (documented in docs/leads.md). */
export interface ForwardedLeadBody {
  type: typeof LEAD_EVENT
  /** Meta lead id: the same on every retry and for every destination (idempotency key). */
  id: string
  form: { id: string; name: string | null }
  page: { id: string | null; name: string | null }
  /** Ad, ad set and campaign the lead came from, or null (organic lead). */
  adId: string | null
  adSetId: string | null
  campaignId: string | null
  /** ISO 8601 instant the person submitted the form. */
  createdTime: string
  /** The answers as Meta returns them: question name and values. */
  fieldData: Array<{ name: string; values: string[] }>
  receivedVia: 'poll' | 'webhook'
}

/** The body forwarded for `lead` (answers decrypted here, only for the outgoing call). */
export function forwardedLeadBody(lead: Lead, form: LeadForm | null): ForwardedLeadBody {
  return {
    type: LEAD_EVENT,
    id: lead.metaLeadId,
    form: { id: lead.metaFormId, name: form?.name ?? null },
    page: { id: form?.metaPageId ?? null, name: form?.pageName ?? null },
    adId: lead.metaAdId,
    adSetId: lead.metaAdSetId,
    campaignId: lead.metaCampaignId,
    createdTime: lead.createdTime.toUTC().toISO()!,
    fieldData: JSON.parse(encryption.decrypt<string>(lead.fieldDataEncrypted) ?? '[]'),
    receivedVia: lead.receivedVia,
  }
}

/** The result of one forwarding attempt. */
export type ForwardOutcome = 'sent' | 'skipped' | 'failed'

/** A failed attempt worth retrying (network error, timeout, 408, 429, 5xx). */
export class RetryableForwardError extends Error {}

/**
 * Forwards new leads to the user's destinations: one `lead_deliveries` row per lead per
 * destination covering its form, then one `ForwardLead` job each on `@adonisjs/queue`. Each
 * attempt POSTs the lead as JSON signed with the destination's secret (the alert webhooks'
 * scheme, `#shared/signed_webhooks`), and records the attempt in the delivery log. In
 * production destinations must resolve to public addresses. Nothing here logs the answers.
 */
export class LeadForwarder {
  /** Queues `lead` to every destination of its owner that covers its form; returns how many. */
  async queue(lead: Lead): Promise<number> {
    const forwardings = await LeadForwarding.query().where('user_id', lead.userId).orderBy('id')
    let queued = 0
    for (const forwarding of forwardings) {
      if (!forwarding.covers(lead.metaFormId)) continue
      let delivery: LeadDelivery
      try {
        delivery = await LeadDelivery.create({
          userId: lead.userId,
          leadId: lead.id,
          forwardingId: forwarding.id,
          status: 'queued',
          attempts: 0,
          lastStatusCode: null,
          lastError: null,
          sentAt: null,
        })
      } catch {
        // (lead, destination) is unique: already queued by a concurrent store.
        continue
      }
      await ForwardLead.dispatch({ deliveryId: delivery.id }).run()
      queued += 1
    }
    return queued
  }

  /**
   * One attempt at a delivery.
   * @throws RetryableForwardError when the attempt failed in a way worth retrying (the job
   *   retries it with exponential backoff)
   */
  async attempt(deliveryId: number): Promise<ForwardOutcome> {
    const delivery = await LeadDelivery.find(deliveryId)
    if (!delivery || delivery.status !== 'queued') return 'skipped'
    delivery.attempts += 1
    try {
      // A suspended account forwards nothing (its sessions, keys, embeds and rules stop too).
      if (await isSuspended(delivery.userId)) {
        throw new Error('The account is suspended: the lead was not forwarded.')
      }
      delivery.lastStatusCode = await this.#post(delivery)
      delivery.status = 'sent'
      delivery.sentAt = DateTime.utc()
      delivery.lastError = null
      await delivery.save()
      return 'sent'
    } catch (error) {
      const retryable = error instanceof WebhookCallError && error.retryable
      delivery.lastError = String((error as Error).message).slice(0, 500)
      delivery.lastStatusCode = error instanceof WebhookCallError ? error.status : null
      if (!retryable) delivery.status = 'failed'
      await delivery.save()
      if (!retryable) return 'failed'
      throw new RetryableForwardError(delivery.lastError)
    }
  }

  /** Marks a delivery failed after its last retry (the job's `failed` hook). */
  async giveUp(deliveryId: number, reason: string) {
    const delivery = await LeadDelivery.find(deliveryId)
    if (!delivery || delivery.status !== 'queued') return
    delivery.status = 'failed'
    delivery.lastError = reason.slice(0, 500)
    await delivery.save()
  }

  async #post(delivery: LeadDelivery): Promise<number> {
    const forwarding = delivery.forwardingId
      ? await LeadForwarding.find(delivery.forwardingId)
      : null
    if (!forwarding) throw new WebhookCallError('The destination was deleted.', false, null)
    const lead = await Lead.find(delivery.leadId)
    if (!lead) throw new WebhookCallError('The lead was deleted.', false, null)
    const url = encryption.decrypt<string>(forwarding.urlEncrypted)
    const secret = encryption.decrypt<string>(forwarding.secretEncrypted)
    if (!url || !secret) {
      throw new WebhookCallError(
        'The destination cannot be decrypted (APP_KEY changed?).',
        false,
        null
      )
    }
    const form = await LeadForm.query()
      .where('user_id', lead.userId)
      .where('meta_form_id', lead.metaFormId)
      .first()
    const body = JSON.stringify(forwardedLeadBody(lead, form))
    return postWebhook(url, {
      body,
      headers: {
        [SIGNATURE_HEADER]: signWebhookBody(body, secret, Math.floor(Date.now() / 1000)),
        'Adrelay-Event': LEAD_EVENT,
        'Adrelay-Delivery': String(delivery.id),
      },
      timeoutMs: env.get('ALERT_WEBHOOK_TIMEOUT_MS') ?? 10_000,
      allowPrivateAddresses: !app.inProduction,
    })
  }
}
