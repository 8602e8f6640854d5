import { Pagination } from '~/components/ui/pagination'
import { useEffect, useState } from 'react'
import { Download, Eye, Search, ShieldOff, ShieldCheck } from 'lucide-react'
import { useQueryClient } from '@tanstack/react-query'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { Skeleton } from '~/components/ui/skeleton'
import { useAdminUsers } from '~/hooks/use_admin'
import { exportUrl } from '~/lib/admin'
import { formatDate } from '~/lib/format'
import type { AdminUser } from '~/types'

const PER_PAGE = 10
const SEARCH_DEBOUNCE_MS = 300

/**
 * Recent Users (spec §2 Admin): search, Export, the table (User, Plan, Status, Joined, Actions)
 * and pagination. Searching is done by the server (name or email).
 */
export function UsersTable({
  currentUserId,
  onView,
  onToggleSuspension,
}: {
  currentUserId: number
  onView: (user: AdminUser) => void
  onToggleSuspension: (user: AdminUser) => void
}) {
  const queryClient = useQueryClient()
  const [searchInput, setSearchInput] = useState('')
  const [search, setSearch] = useState('')
  const [page, setPage] = useState(1)

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(searchInput)
      setPage(1)
    }, SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [searchInput])

  const users = useAdminUsers(search, page, PER_PAGE, true)
  const meta = users.data?.meta
  const rows = users.data?.users ?? []

  return (
    <Card>
      <CardHeader className="gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <CardTitle as="h2">Recent Users</CardTitle>
          <CardDescription className="mt-1.5">
            {meta
              ? `${meta.total.toLocaleString('en-US')} ${meta.total === 1 ? 'user' : 'users'}`
              : 'Loading users…'}
          </CardDescription>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="grid gap-1.5">
            <Label htmlFor="admin-user-search" className="sr-only">
              Search users
            </Label>
            <div className="relative">
              <Search
                className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500"
                aria-hidden="true"
              />
              <Input
                id="admin-user-search"
                type="search"
                placeholder="Search users..."
                value={searchInput}
                onChange={(event) => setSearchInput(event.target.value)}
                className="pl-9 sm:w-72"
              />
            </div>
          </div>
          <Button asChild variant="outline">
            <a
              href={exportUrl(search)}
              download
              onClick={() =>
                setTimeout(() => queryClient.invalidateQueries({ queryKey: ['admin-audit'] }), 1000)
              }
            >
              <Download aria-hidden="true" />
              Export
            </a>
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        <div className="overflow-x-auto">
          <table className="w-full min-w-[720px] text-left text-sm" aria-busy={users.isFetching}>
            <caption className="sr-only">Users, newest first</caption>
            <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600">
              <tr>
                <th scope="col" className="py-3 pr-4 font-medium">
                  User
                </th>
                <th scope="col" className="py-3 pr-4 font-medium">
                  Plan
                </th>
                <th scope="col" className="py-3 pr-4 font-medium">
                  Status
                </th>
                <th scope="col" className="py-3 pr-4 font-medium whitespace-nowrap">
                  Joined
                </th>
                <th scope="col" className="py-3 text-right font-medium">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {users.isPending &&
                Array.from({ length: 5 }, (_, index) => (
                  <tr key={index}>
                    <td colSpan={5} className="py-3">
                      <Skeleton className="h-10 w-full" />
                    </td>
                  </tr>
                ))}
              {!users.isPending && rows.length === 0 && (
                <tr>
                  <td colSpan={5} className="py-10 text-center text-slate-600">
                    No users found
                  </td>
                </tr>
              )}
              {rows.map((user) => {
                const active = user.entitled
                const suspended = user.suspendedAt !== null
                const self = user.id === currentUserId
                const name = user.displayName
                return (
                  <tr key={user.id} data-testid="admin-user-row">
                    <td className="py-3 pr-4">
                      <div className="flex items-center gap-3">
                        <div
                          aria-hidden="true"
                          className="grid size-9 shrink-0 place-items-center rounded-full bg-indigo-100 text-sm font-semibold text-indigo-800"
                        >
                          {name.charAt(0).toUpperCase()}
                        </div>
                        <div className="min-w-0">
                          <p className="flex items-center gap-2 truncate font-medium text-slate-900">
                            {name}
                            {user.role === 'admin' && <Badge variant="secondary">Admin</Badge>}
                            {suspended && <Badge variant="destructive">Suspended</Badge>}
                          </p>
                          <p className="truncate text-xs text-slate-600">{user.email}</p>
                        </div>
                      </div>
                    </td>
                    <td className="py-3 pr-4 text-slate-900">{user.subscription.plan.name}</td>
                    <td className="py-3 pr-4">
                      <Badge variant={active ? 'success' : 'secondary'}>
                        {active ? 'Active' : 'Inactive'}
                      </Badge>
                      {user.subscription.status === 'trialing' && (
                        <span className="ml-2 text-xs text-slate-600">Trial</span>
                      )}
                    </td>
                    <td className="py-3 pr-4 whitespace-nowrap text-slate-700">
                      {formatDate(user.createdAt)}
                    </td>
                    <td className="py-3">
                      <div className="flex justify-end gap-2">
                        <Button
                          type="button"
                          variant="outline"
                          size="sm"
                          onClick={() => onView(user)}
                          aria-label={`View ${name}`}
                        >
                          <Eye aria-hidden="true" />
                          View
                        </Button>
                        <Button
                          type="button"
                          variant="outline"
                          size="sm"
                          className={
                            suspended ? undefined : 'border-red-300 text-red-700 hover:bg-red-50'
                          }
                          onClick={() => onToggleSuspension(user)}
                          disabled={self}
                          title={self ? 'You cannot suspend your own account.' : undefined}
                          aria-label={`${suspended ? 'Unsuspend' : 'Suspend'} ${name}`}
                        >
                          {suspended ? (
                            <ShieldCheck aria-hidden="true" />
                          ) : (
                            <ShieldOff aria-hidden="true" />
                          )}
                          {suspended ? 'Unsuspend' : 'Suspend'}
                        </Button>
                      </div>
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
        {meta && (
          <Pagination
            label="Users pages"
            page={page}
            lastPage={meta.lastPage}
            onPageChange={setPage}
          />
        )}
      </CardContent>
    </Card>
  )
}
