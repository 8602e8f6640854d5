import type { HttpContext } from '@adonisjs/core/http'
import { ExportLeadsCsv } from '#leads/actions/export_leads_csv'
import { AppError } from '#shared/errors'

/** Lead CSV download for the signed-in user (Agency: Lead Tracking). */
export default class LeadsExportController {
  /** GET /api/leads/export.csv?formId= → text/csv attachment */
  async export({ auth, request, response }: HttpContext) {
    const user = auth.user!
    const formId = request.qs().formId
    if (formId !== undefined && !/^\d+$/.test(String(formId))) {
      throw new AppError('validation_failed', 'formId: Expected a numeric form id', 422, {
        field: 'formId',
      })
    }
    const result = await new ExportLeadsCsv().execute(user.id, { formId: formId ?? null })
    response.header('content-type', 'text/csv; charset=utf-8')
    response.header('content-disposition', `attachment; filename="${result.filename}"`)
    response.header('cache-control', 'no-store')
    return result.csv
  }
}
