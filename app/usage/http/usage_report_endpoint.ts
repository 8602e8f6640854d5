import { z } from 'zod'
import type { DocumentedEndpoint } from '#shared/documented_endpoint'

/** Query of `GET /api/v1/usage/report`. */
export const usageReportQuery = z.strictObject({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
    .optional()
    .describe('Month to report, YYYY-MM (UTC); default the current month'),
})

const dayCounts = z.object({
  date: z.string().describe('Day, YYYY-MM-DD (UTC)'),
  calls: z.number().int().describe('Calls logged that day'),
  successful: z.number().int().describe('Calls answered 200-399'),
  failed: z.number().int().describe('Other calls'),
})

export const usageReportSchema = z.object({
  period: z.string().describe('Month, YYYY-MM (UTC)'),
  from: z.string().describe('Start of the window (ISO 8601)'),
  to: z.string().describe('End of the window: now for the current month (ISO 8601)'),
  plan: z.object({ id: z.string(), name: z.string() }).describe('Current plan'),
  quota: z
    .object({
      used: z.number().int().describe('Requests counted that month'),
      limit: z.number().int().describe('Monthly request limit of the current plan'),
      remaining: z.number().int().describe('Requests left'),
      resetsAt: z.string().describe('When that month’s counter resets (ISO 8601)'),
    })
    .describe('The metered counter (what the quota enforces)'),
  totals: z.object({
    calls: z.number().int(),
    successful: z.number().int(),
    failed: z.number().int(),
    successRate: z.number().nullable().describe('Percent 0-100, 1 decimal; null without calls'),
  }),
  daily: z.array(dayCounts).describe('Every day of the window, oldest first'),
  credentials: z
    .array(
      z.object({
        tokenId: z.number().int().nullable().describe('API key or CLI token id'),
        name: z.string().nullable().describe('Key name or CLI device name'),
        kind: z.string().nullable().describe('api_key or cli_token'),
        displayPrefix: z.string().nullable().describe('First characters of the credential'),
        calls: z.number().int(),
        successful: z.number().int(),
        failed: z.number().int(),
      })
    )
    .describe('Calls per credential, most used first'),
})

/** The usage module's CLI endpoint, described once (controller validation + OpenAPI). */
export const usageReportEndpoint: DocumentedEndpoint = {
  method: 'GET',
  path: '/api/v1/usage/report',
  operationId: 'get_usage_report',
  summary: 'Usage report for a month',
  description:
    'A month of usage: the metered quota counter, and the call log per day and per credential ' +
    '(`adrelay usage`). Read from the call log, kept 90 days. Not counted against the quota.',
  tag: 'account',
  credential: 'cli_token',
  query: usageReportQuery,
  example: { query: { month: '2026-01' } },
  success: { status: 200, description: 'The report', schema: usageReportSchema },
}
