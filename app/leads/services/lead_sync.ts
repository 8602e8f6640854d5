import { DateTime } from 'luxon'
import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import emitter from '@adonisjs/core/services/emitter'
import encryption from '@adonisjs/core/services/encryption'
import { ReadLeadAds } from '#meta/actions/read_lead_ads'
import Lead from '#leads/models/lead'
import LeadForm from '#leads/models/lead_form'
import { LeadForwarder } from '#leads/services/lead_forwarder'

/** A Lead Ads form as the surfaces show it. */
export interface LeadFormView {
  id: string
  pageId: string
  pageName: string
  name: string
  status: string
  leadsCount: number | null
}

/**
 * Reads Meta Lead Ads for a user through their Meta connection (`leads_retrieval`): the forms
 * of the Pages their ad accounts promote (`GET /<page>/leadgen_forms`), and the leads of each
 * form newer than the last one stored (`GET /<form>/leads` with Meta's `filtering` on
 * `time_created`). New leads are stored once per user (unique Meta lead id), answers
 * encrypted, raise `lead_received` (no answers in the alert: notifications are not
 * encrypted) and are queued to the user's forwarding destinations (`LeadForwarder`).
 */
@inject()
export class LeadSync {
  constructor(private leadAds: ReadLeadAds) {}

  /** The user's forms, live from Meta; remembered in `lead_forms` for polling and webhooks. */
  async forms(userId: number): Promise<LeadFormView[]> {
    const forms: LeadFormView[] = []
    for (const page of await this.leadAds.promotedPages(userId)) {
      for (const node of await this.leadAds.forms(userId, page.id)) {
        forms.push({
          id: String(node.id),
          pageId: page.id,
          pageName: page.name,
          name: String(node.name ?? ''),
          status: String(node.status ?? 'ACTIVE'),
          leadsCount: node.leads_count === undefined ? null : Number(node.leads_count),
        })
      }
    }
    // One upsert per form on the unique (user, form) key: two reads of the same user's forms
    // at once (the Leads page asks for forms and leads together) both write, and neither may
    // fail on the other's row (an update-or-create raced there on MySQL).
    for (const form of forms) {
      await db
        .table('lead_forms')
        .insert({
          user_id: userId,
          meta_form_id: form.id,
          meta_page_id: form.pageId,
          page_name: form.pageName.slice(0, 255),
          name: form.name.slice(0, 255),
        })
        .knexQuery.onConflict(['user_id', 'meta_form_id'])
        .merge(['meta_page_id', 'page_name', 'name'])
    }
    return forms
  }

  /**
   * Polls every form of the user for leads newer than its cursor; returns how many new leads
   * were stored.
   */
  async poll(userId: number): Promise<number> {
    await this.forms(userId)
    let stored = 0
    for (const form of await LeadForm.query().where('user_id', userId)) {
      let newest = form.lastLeadTime
      for (const node of await this.leadAds.leadsSince(
        userId,
        form.metaFormId,
        form.lastLeadTime
      )) {
        if (await this.store(userId, node, 'poll', form.name)) stored += 1
        newest = Math.max(newest, unixOf(node.created_time))
      }
      form.lastLeadTime = newest
      form.polledAt = DateTime.utc()
      await form.save()
    }
    return stored
  }

  /** Fetches one lead by id (leadgen webhook) and stores it; true when it was new. */
  async fetchOne(userId: number, leadId: string, formName: string | null): Promise<boolean> {
    const node = await this.leadAds.lead(userId, leadId)
    return this.store(userId, node, 'webhook', formName)
  }

  /** Stores a Graph lead node once per user and raises `lead_received` when it is new. */
  async store(
    userId: number,
    node: any,
    via: 'poll' | 'webhook',
    formName: string | null
  ): Promise<boolean> {
    const metaLeadId = String(node.id)
    const existing = await Lead.query()
      .where('user_id', userId)
      .where('meta_lead_id', metaLeadId)
      .first()
    if (existing) return false
    const createdTime = DateTime.fromSeconds(unixOf(node.created_time), { zone: 'utc' })
    let lead: Lead
    try {
      lead = await Lead.create({
        userId,
        metaLeadId,
        metaFormId: String(node.form_id ?? ''),
        metaAdId: node.ad_id ? String(node.ad_id) : null,
        metaAdSetId: node.adset_id ? String(node.adset_id) : null,
        metaCampaignId: node.campaign_id ? String(node.campaign_id) : null,
        createdTime,
        fieldDataEncrypted: encryption.encrypt(JSON.stringify(node.field_data ?? [])),
        receivedVia: via,
      })
    } catch (error) {
      // The same lead arriving through the webhook and a poll at once: the unique key wins.
      const again = await db
        .from('leads')
        .where('user_id', userId)
        .where('meta_lead_id', metaLeadId)
        .first()
      if (again) return false
      throw error
    }
    await emitter.emit('alert:raised', {
      userId,
      type: 'lead_received',
      dedupeKey: `lead_received:${metaLeadId}`,
      title: `New lead${formName ? ` from ${formName}` : ''}`,
      message: `A new lead arrived${formName ? ` on the form "${formName}"` : ''} at ${createdTime.toFormat('LLL d, yyyy HH:mm')} UTC.`,
      url: '/leads',
      data: { leadId: metaLeadId, formId: String(node.form_id ?? ''), adId: node.ad_id ?? null },
      occurredAt: createdTime.toJSDate(),
    })
    await new LeadForwarder().queue(lead)
    return true
  }
}

/** Graph times (`2026-11-23T10:00:00+0000`) or unix seconds → unix seconds. */
function unixOf(value: unknown): number {
  if (typeof value === 'number') return value
  const parsed = DateTime.fromISO(String(value).replace(/([+-]\d{2})(\d{2})$/, '$1:$2'))
  return parsed.isValid ? Math.floor(parsed.toSeconds()) : 0
}
