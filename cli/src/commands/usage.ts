import { type Command, InvalidArgumentError, Option } from 'commander'
import type { Context, RunWith } from '../context.js'

/** `GET /api/v1/usage/report` (app/usage/http/usage_report_endpoint.ts). */
export interface UsageReport {
  period: string
  from: string
  to: string
  plan: { id: string; name: string }
  quota: { used: number; limit: number; remaining: number; resetsAt: string }
  totals: { calls: number; successful: number; failed: number; successRate: number | null }
  daily: Array<{ date: string; calls: number; successful: number; failed: number }>
  credentials: Array<{
    tokenId: number | null
    name: string | null
    kind: string | null
    displayPrefix: string | null
    calls: number
    successful: number
    failed: number
  }>
}

function month(value: string): string {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(value))
    throw new InvalidArgumentError('must be a month as YYYY-MM')
  return value
}

const number = (value: number) => value.toLocaleString('en-US')

/** The quota line: "1,234 of 10,000 requests (12.3%) in 2026-11 · Free plan · resets 2026-12-01". */
export function quotaLine(report: UsageReport): string {
  const { used, limit } = report.quota
  const percent = limit > 0 ? Math.round((used / limit) * 1000) / 10 : 0
  return `${number(used)} of ${number(limit)} requests (${percent}%) in ${report.period} · ${report.plan.name} plan · resets ${report.quota.resetsAt.slice(0, 10)}`
}

/**
 * `usage [--by day|key] [--month YYYY-MM]` (needs a CLI token); `usage <action>` runs one of
 * the usage module's published actions.
 */
export function usageCommand(program: Command, run: RunWith): Command {
  // The usage module's actions become subcommands of this command (actions.ts): its own
  // flags are read before them only, so an action keeps flags of the same name.
  const usage = program
    .command('usage')
    .description('API usage: the quota line and a bar chart per day or per key')
    .enablePositionalOptions()
  usage
    .addOption(
      new Option('--by <what>', 'one bar per day or per key').choices(['day', 'key']).default('day')
    )
    .option('--month <YYYY-MM>', 'month to show (UTC; default the current one)', month)
    .action(
      run(async (context: Context, options: { by: 'day' | 'key'; month?: string }) => {
        const { body } = await context.request<UsageReport>('GET', '/api/v1/usage/report', {
          query: options.month ? { month: options.month } : {},
          spinner: 'Loading usage…',
        })
        const { output } = context
        output.result(body, () => {
          output.line(quotaLine(body))
          output.line()
          if (options.by === 'key') {
            if (body.credentials.length === 0) {
              output.line('No calls logged this month.')
              return
            }
            output.barChart(
              body.credentials.map((credential) => ({
                label:
                  credential.tokenId === null
                    ? '(no key)'
                    : `${credential.kind === 'cli_token' ? 'CLI: ' : ''}${credential.name ?? '?'} #${credential.tokenId}`,
                value: credential.calls,
                note: credential.failed > 0 ? `(${number(credential.failed)} failed)` : undefined,
              }))
            )
          } else {
            output.barChart(
              body.daily.map((entry) => ({
                label: entry.date,
                value: entry.calls,
                note: entry.failed > 0 ? `(${number(entry.failed)} failed)` : undefined,
              }))
            )
          }
        })
      })
    )
  return usage
}
