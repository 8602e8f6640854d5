import { readConnectionName } from '#shared/read_connection'
import encryption from '@adonisjs/core/services/encryption'
import Lead from '#leads/models/lead'
import LeadForm from '#leads/models/lead_form'
import {
  isoTimestamp,
  pageById,
  type ErasureSubject,
  type ExportSection,
  type ExportValue,
  type PersonalDataHolder,
} from '#shared/personal_data'

const iso = (value: { toJSDate(): Date } | null | undefined) =>
  isoTimestamp(value ? value.toJSDate() : null)

/**
 * What the leads module holds about a user: the Lead Ads forms seen on their Pages and the
 * stored leads. The leads are the user's own, so their answers are exported decrypted.
 */
export default class LeadsPersonalData implements PersonalDataHolder {
  readonly name = 'leads'

  sections(userId: number): Record<string, ExportSection> {
    return {
      leadForms: {
        kind: 'many',
        rows: () =>
          pageById(
            (afterId, limit) =>
              LeadForm.query({ connection: readConnectionName() })
                .where('user_id', userId)
                .where('id', '>', afterId)
                .orderBy('id')
                .limit(limit),
            (form) => ({
              formId: form.metaFormId,
              pageId: form.metaPageId,
              name: form.name,
              polledAt: iso(form.polledAt),
            })
          ),
      },
      leads: {
        kind: 'many',
        rows: () =>
          pageById(
            (afterId, limit) =>
              Lead.query({ connection: readConnectionName() })
                .where('user_id', userId)
                .where('id', '>', afterId)
                .orderBy('id')
                .limit(limit),
            (lead) => ({
              id: lead.metaLeadId,
              formId: lead.metaFormId,
              adId: lead.metaAdId,
              createdTime: iso(lead.createdTime),
              fieldData: JSON.parse(
                encryption.decrypt<string>(lead.fieldDataEncrypted) ?? '[]'
              ) as ExportValue,
              receivedVia: lead.receivedVia,
              storedAt: iso(lead.createdAt),
            })
          ),
      },
    }
  }

  async erase({ userId }: ErasureSubject): Promise<void> {
    await Lead.query().where('user_id', userId).delete()
    await LeadForm.query().where('user_id', userId).delete()
  }
}
