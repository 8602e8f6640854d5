import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { GetUsageReport } from '#usage/actions/get_usage_report'
import { usageReportQuery } from '#usage/http/usage_report_endpoint'
import { parseInput } from '#registry/action_registry'

/** GET /api/v1/usage/report?month=YYYY-MM (CLI token): see `GetUsageReport`. */
@inject()
export default class UsageReportController {
  constructor(private report: GetUsageReport) {}

  async show({ apiKey, request }: HttpContext) {
    const { month } = parseInput(usageReportQuery, request.qs())
    return this.report.execute(apiKey!.userId, month)
  }
}
