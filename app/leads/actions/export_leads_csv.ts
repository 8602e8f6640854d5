import { readConnectionName } from '#shared/read_connection'
import { stringify } from 'csv-stringify/sync'
import Lead from '#leads/models/lead'
import { leadView } from '#leads/actions/list_leads'
import { neutralizeFormula } from '#shared/csv_cells'
import { assertPlanHasFeature } from '#accounts/plan_catalog'
import { entitlementOf } from '#accounts/actions/resolve_entitlement'

/**
 * The user's stored leads as CSV (newest first), optionally for one form: columns `lead_id`,
 * `form_id`, `ad_id`, `created_time` (ISO 8601 UTC), `received_via`, then one column per
 * question name in order of first appearance (several values joined with "; "). Text cells
 * starting with = + - @ tab or CR get a leading single quote (OWASP CSV injection). Bounded
 * by the retention period, so built in memory.
 * @throws AppError 403 `plan_upgrade_required` unless the user's plan has `lead_tracking` (the
 *   gate lives here so every surface that exports leads enforces it)
 */
export class ExportLeadsCsv {
  async execute(
    userId: number,
    input: { formId?: string | null }
  ): Promise<{ csv: string; filename: string; rows: number }> {
    const { plan } = await entitlementOf(userId)
    assertPlanHasFeature(plan.id, 'lead_tracking', 'Lead export')
    const query = Lead.query({ connection: readConnectionName() })
      .where('user_id', userId)
      .orderBy('created_time', 'desc')
      .orderBy('id', 'desc')
    if (input.formId) query.where('meta_form_id', input.formId)
    const rows = await query
    const leads = rows.map(leadView)
    const questions: string[] = []
    for (const lead of leads) {
      for (const field of lead.fieldData) {
        if (!questions.includes(field.name)) questions.push(field.name)
      }
    }
    const header = ['lead_id', 'form_id', 'ad_id', 'created_time', 'received_via', ...questions]
    const records = leads.map((lead) => [
      lead.id,
      lead.formId,
      lead.adId ?? '',
      lead.createdTime,
      lead.receivedVia,
      ...questions.map(
        (name) => lead.fieldData.find((field) => field.name === name)?.values.join('; ') ?? ''
      ),
    ])
    const csv = stringify([header, ...records], { cast: { string: neutralizeFormula } })
    const day = new Date().toISOString().slice(0, 10)
    return { csv, filename: `adrelay-leads-${day}.csv`, rows: leads.length }
  }
}
