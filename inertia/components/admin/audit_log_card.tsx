import { Pagination } from '~/components/ui/pagination'
import { useState } from 'react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Skeleton } from '~/components/ui/skeleton'
import { useAuditLog } from '~/hooks/use_admin'
import { auditActionLabel } from '~/lib/admin'
import { formatDateTime } from '~/lib/format'
import type { AuditEntry } from '~/types'

const PER_PAGE = 10

function detailsText(entry: AuditEntry): string {
  const details = entry.details
  switch (entry.action) {
    case 'users.exported':
      return `${details.rows ?? 0} rows${details.search ? ` matching "${details.search}"` : ''}`
    case 'invitation_code.created':
      return `${details.planId}, ${details.maxRedemptions} redemptions${details.expiresAt ? `, expires ${formatDateTime(String(details.expiresAt))}` : ''}`
    case 'invitation_code.disabled':
      return `${details.redemptionCount ?? 0} redemptions so far`
    default:
      return ''
  }
}

/** The admin audit log, newest first: time, admin, action, target, details. */
export function AuditLogCard() {
  const [page, setPage] = useState(1)
  const log = useAuditLog(page, PER_PAGE, true)
  const entries = log.data?.entries ?? []
  const meta = log.data?.meta
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Audit Log</CardTitle>
        <CardDescription className="mt-1.5">
          Every admin action, with who did it and when.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <div className="overflow-x-auto">
          <table className="w-full min-w-[640px] text-left text-sm" aria-busy={log.isFetching}>
            <caption className="sr-only">Admin actions, newest first</caption>
            <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600">
              <tr>
                <th scope="col" className="py-3 pr-4 font-medium">
                  Time
                </th>
                <th scope="col" className="py-3 pr-4 font-medium">
                  Admin
                </th>
                <th scope="col" className="py-3 pr-4 font-medium">
                  Action
                </th>
                <th scope="col" className="py-3 pr-4 font-medium">
                  Target
                </th>
                <th scope="col" className="py-3 font-medium">
                  Details
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {log.isPending && (
                <tr>
                  <td colSpan={5} className="py-3">
                    <Skeleton className="h-10 w-full" />
                  </td>
                </tr>
              )}
              {!log.isPending && entries.length === 0 && (
                <tr>
                  <td colSpan={5} className="py-8 text-center text-slate-600">
                    No admin actions yet
                  </td>
                </tr>
              )}
              {entries.map((entry) => (
                <tr key={entry.id} data-testid="audit-entry-row">
                  <td className="whitespace-nowrap py-3 pr-4 text-slate-700">
                    <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
                  </td>
                  <td className="py-3 pr-4 text-slate-900">
                    {entry.actor.email === 'cli' ? 'Command line' : entry.actor.email}
                  </td>
                  <td className="py-3 pr-4 font-medium text-slate-900">
                    {auditActionLabel(entry.action)}
                  </td>
                  <td className="py-3 pr-4 text-slate-900">
                    {entry.target?.label ?? entry.target?.id ?? '—'}
                  </td>
                  <td className="py-3 text-slate-700">{detailsText(entry)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {meta && (
          <Pagination
            label="Audit log pages"
            page={page}
            lastPage={meta.lastPage}
            onPageChange={setPage}
          />
        )}
      </CardContent>
    </Card>
  )
}
