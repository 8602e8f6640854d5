import encryption from '@adonisjs/core/services/encryption'
import Lead from '#leads/models/lead'
import LeadForm from '#leads/models/lead_form'
import LeadDelivery from '#leads/models/lead_delivery'
import LeadForwarding from '#leads/models/lead_forwarding'
import { OwnedRowsHolder, isoDateTime, ownedTable, type ExportValue } from '#shared/personal_data'

/**
 * What the leads module holds about a user: the Lead Ads forms seen on their Pages, the
 * stored leads, the forwarding destinations (host only: the full URL and the signing secret
 * are credentials, never exported) and their delivery log. The leads are the user's own, so
 * their answers are exported decrypted.
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
    leadForwardings: ownedTable(LeadForwarding, (forwarding) => ({
      name: forwarding.name,
      destination: forwarding.urlDisplay,
      formIds: forwarding.formIds,
      createdAt: isoDateTime(forwarding.createdAt),
    })),
    leadDeliveries: ownedTable(LeadDelivery, (delivery) => ({
      leadRowId: delivery.leadId,
      forwardingId: delivery.forwardingId,
      status: delivery.status,
      attempts: delivery.attempts,
      lastStatusCode: delivery.lastStatusCode,
      lastError: delivery.lastError,
      createdAt: isoDateTime(delivery.createdAt),
      sentAt: isoDateTime(delivery.sentAt),
    })),
  }
  protected readonly eraseOrder = [LeadDelivery, LeadForwarding, Lead, LeadForm]
}
