import encryption from '@adonisjs/core/services/encryption'
import Lead from '#leads/models/lead'
import LeadForm from '#leads/models/lead_form'
import { OwnedRowsHolder, isoDateTime, ownedTable, type ExportValue } from '#shared/personal_data'

/**
 * What the leads module holds about a user: the Lead Ads forms seen on their Pages and the
 * stored leads. The leads are the user's own, so their answers are exported decrypted.
 */
export default class LeadsPersonalData extends OwnedRowsHolder {
  readonly name = 'leads'
  protected readonly tables = {
    leadForms: ownedTable(LeadForm, (form) => ({
      formId: form.metaFormId,
      pageId: form.metaPageId,
      name: form.name,
      polledAt: isoDateTime(form.polledAt),
    })),
    leads: ownedTable(Lead, (lead) => ({
      id: lead.metaLeadId,
      formId: lead.metaFormId,
      adId: lead.metaAdId,
      createdTime: isoDateTime(lead.createdTime),
      fieldData: JSON.parse(
        encryption.decrypt<string>(lead.fieldDataEncrypted) ?? '[]'
      ) as ExportValue,
      receivedVia: lead.receivedVia,
      storedAt: isoDateTime(lead.createdAt),
    })),
  }
  protected readonly eraseOrder = [Lead, LeadForm]
}
