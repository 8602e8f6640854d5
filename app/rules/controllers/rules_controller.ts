import type { HttpContext } from '@adonisjs/core/http'
import { AppError } from '#shared/errors'
import { ExportRuleRuns } from '#rules/actions/export_rule_runs'

/** The Rules page and its CSV export (session); everything else goes through /api/actions. */
export default class RulesController {
  /** GET /rules */
  async page({ inertia }: HttpContext) {
    return inertia.render('rules/index', {})
  }

  /**
   * GET /api/rules/history.csv?ruleId= → text/csv attachment, streamed.
   * @throws AppError 403 `plan_upgrade_required`, 404 `rule_not_found`, 422 for a bad ruleId
   */
  async exportHistory({ request, response, auth }: HttpContext) {
    const user = auth.getUserOrFail()
    const raw = request.qs().ruleId
    let ruleId: number | undefined
    if (raw !== undefined && raw !== '') {
      ruleId = Number(raw)
      if (!Number.isInteger(ruleId) || ruleId <= 0) {
        throw new AppError('validation_failed', 'ruleId must be a rule id.', 422, {
          field: 'ruleId',
        })
      }
    }
    const result = await new ExportRuleRuns().execute(user.id, { ruleId })
    response.header('Content-Type', 'text/csv; charset=utf-8')
    response.header('Content-Disposition', `attachment; filename="${result.filename}"`)
    response.header('Cache-Control', 'no-store')
    return response.stream(result.stream)
  }
}
