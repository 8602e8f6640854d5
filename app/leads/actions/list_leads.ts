import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import encryption from '@adonisjs/core/services/encryption'
import Lead from '#leads/models/lead'
import { fromDbTimestamp } from '#shared/db_time'
import { LeadSync, type LeadFormView } from '#leads/services/lead_sync'

/** A lead as every surface shows it (Meta's Lead shape: answers as `fieldData`). */
export interface LeadView {
  /** Meta lead id */
  id: string
  formId: string
  adId: string | null
  adSetId: string | null
  campaignId: string | null
  /** ISO 8601 */
  createdTime: string
  fieldData: Array<{ name: string; values: string[] }>
  receivedVia: 'poll' | 'webhook'
}

/** Decrypts a stored lead for the surfaces. */
export function leadView(lead: Lead): LeadView {
  return {
    id: lead.metaLeadId,
    formId: lead.metaFormId,
    adId: lead.metaAdId,
    adSetId: lead.metaAdSetId,
    campaignId: lead.metaCampaignId,
    createdTime: lead.createdTime.toUTC().toISO()!,
    fieldData: JSON.parse(encryption.decrypt<string>(lead.fieldDataEncrypted) ?? '[]'),
    receivedVia: lead.receivedVia,
  }
}

/** A form with what Adrelay has stored of it. */
export interface LeadFormSummary extends LeadFormView {
  /** Leads of the form stored in Adrelay (within the retention period) */
  storedLeads: number
  /** ISO 8601 time of the newest stored lead, or null */
  lastLeadAt: string | null
}

/**
 * The Lead Ads forms of the user's Pages, live from Meta, each with the count and time of
 * the newest of its leads stored in Adrelay.
 * @throws AppError 409 `meta_not_connected` / `meta_token_invalid` from the Meta module
 */
@inject()
export class ListLeadForms {
  constructor(private sync: LeadSync) {}

  async execute(userId: number): Promise<{ forms: LeadFormSummary[] }> {
    const forms = await this.sync.forms(userId)
    const stats = await db
      .from('leads')
      .where('user_id', userId)
      .groupBy('meta_form_id')
      .select('meta_form_id')
      .count('* as total')
      .max('created_time as newest')
    return {
      forms: forms.map((form) => {
        const row = stats.find((item) => String(item.meta_form_id) === form.id)
        return {
          ...form,
          storedLeads: Number(row?.total ?? 0),
          lastLeadAt: row?.newest ? fromDbTimestamp(row.newest).toISOString() : null,
        }
      }),
    }
  }
}

/**
 * The user's leads, newest first: new ones are pulled from Meta first (so the answer is
 * current), then the stored leads are listed, `limit` per page (`before` = a previous
 * `nextCursor`), optionally for one form.
 * @throws AppError 409 `meta_not_connected` / `meta_token_invalid` from the Meta module
 */
@inject()
export class ListLeads {
  constructor(private sync: LeadSync) {}

  async execute(
    userId: number,
    input: { formId?: string; limit?: number; before?: number }
  ): Promise<{ leads: LeadView[]; nextCursor: number | null }> {
    await this.sync.poll(userId)
    const limit = input.limit ?? 25
    const query = Lead.query()
      .where('user_id', userId)
      .orderBy('created_time', 'desc')
      .orderBy('id', 'desc')
      .limit(limit + 1)
    if (input.formId) query.where('meta_form_id', input.formId)
    if (input.before) query.where('id', '<', input.before)
    const rows = await query
    const page = rows.slice(0, limit)
    return {
      leads: page.map(leadView),
      nextCursor: rows.length > limit ? page[page.length - 1].id : null,
    }
  }
}
