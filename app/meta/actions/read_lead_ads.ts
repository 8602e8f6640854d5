import { inject } from '@adonisjs/core'
import { MetaAccess } from '#meta/services/meta_access'

/** Graph fields read for a lead (Lead Ads API `Lead` node). */
export const LEAD_FIELDS = 'id,created_time,ad_id,adset_id,campaign_id,form_id,field_data'

/** A Facebook Page a user's ad accounts promote. */
export interface PromotedPage {
  id: string
  name: string
}

/**
 * Meta Lead Ads reads (Lead Ads API, permission `leads_retrieval`) with the user's Meta
 * connection, for the leads module: the Pages the user's ad accounts promote
 * (`GET /act_<id>/promote_pages`), a Page's forms (`GET /<page>/leadgen_forms`), a form's
 * leads newer than a time (`GET /<form>/leads` with `filtering` on `time_created`), one lead
 * (`GET /<lead id>`). Graph nodes are returned as Meta sends them.
 * @throws AppError 409 `meta_not_connected` / `meta_token_invalid`, Meta errors
 */
@inject()
export class ReadLeadAds {
  constructor(private meta: MetaAccess) {}

  async promotedPages(userId: number): Promise<PromotedPage[]> {
    const session = await this.meta.forUser(userId)
    const pages = new Map<string, string>()
    for (const account of await session.adAccounts()) {
      const answer = await session.page(
        `${account.id}/promote_pages`,
        { fields: 'id,name' },
        { limit: 100, adAccountId: account.id }
      )
      for (const page of answer.data as any[]) pages.set(String(page.id), String(page.name ?? ''))
    }
    return [...pages].map(([id, name]) => ({ id, name }))
  }

  async forms(userId: number, pageId: string): Promise<any[]> {
    const session = await this.meta.forUser(userId)
    const answer = await session.page(
      `${pageId}/leadgen_forms`,
      { fields: 'id,name,status,leads_count' },
      { limit: 100 }
    )
    return answer.data
  }

  /** Every lead of `formId` created after `afterUnixSeconds` (all pages followed). */
  async leadsSince(userId: number, formId: string, afterUnixSeconds: number): Promise<any[]> {
    const session = await this.meta.forUser(userId)
    const leads: any[] = []
    let after: string | null = null
    do {
      const answer: { data: any[]; after: string | null } = await session.page(
        `${formId}/leads`,
        {
          fields: LEAD_FIELDS,
          filtering: JSON.stringify([
            { field: 'time_created', operator: 'GREATER_THAN', value: afterUnixSeconds },
          ]),
        },
        { limit: 100, after }
      )
      leads.push(...answer.data)
      after = answer.after
    } while (after)
    return leads
  }

  async lead(userId: number, leadId: string): Promise<any> {
    const session = await this.meta.forUser(userId)
    return session.get(leadId, { fields: LEAD_FIELDS })
  }
}
