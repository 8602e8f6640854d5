import { useState, type FormEvent } from 'react'
import { Ban, Loader2, Ticket } from 'lucide-react'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Input } from '~/components/ui/input'
import { Field } from '~/components/ui/field'
import { Skeleton } from '~/components/ui/skeleton'
import { ConfirmDialog } from '~/components/confirm_dialog'
import {
  useCreateInvitationCode,
  useDisableInvitationCode,
  useInvitationCodes,
} from '~/hooks/use_admin'
import { invitationCodeStatus } from '~/lib/admin'
import { formatDate } from '~/lib/format'
import type { AdminCreateInvitationCodeInput, InvitationCodeView } from '~/types'

type GrantablePlanId = AdminCreateInvitationCodeInput['planId']

const PLAN_NAMES: Record<string, string> = { trafficker: 'Trafficker', agency: 'Agency' }

const STATUS_BADGE = {
  'Active': 'success',
  'Disabled': 'destructive',
  'Expired': 'warning',
  'Used up': 'secondary',
} as const

/** Invitation codes: create (plan, max redemptions, expiry, grant length), list, disable. */
export function InvitationCodesCard() {
  const codes = useInvitationCodes(true)
  const [planId, setPlanId] = useState<GrantablePlanId>('trafficker')
  const [maxRedemptions, setMaxRedemptions] = useState('10')
  const [grantDays, setGrantDays] = useState('30')
  const [expiresAt, setExpiresAt] = useState('')
  const [code, setCode] = useState('')
  const [toDisable, setToDisable] = useState<InvitationCodeView | null>(null)
  const create = useCreateInvitationCode(() => setCode(''))
  const disable = useDisableInvitationCode()

  function submit(event: FormEvent) {
    event.preventDefault()
    create.mutate({
      planId,
      maxRedemptions: Number(maxRedemptions),
      grantDays: Number(grantDays),
      expiresAt: expiresAt || null,
      code: code.trim() || null,
    })
  }

  const list = codes.data?.codes ?? []
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Invitation Codes</CardTitle>
        <CardDescription className="mt-1.5">
          A code grants a paid plan without payment for a number of days to each user who redeems
          it.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <form
          onSubmit={submit}
          className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 lg:items-end"
          aria-label="Create an invitation code"
        >
          <Field id="invite-plan" label="Plan">
            <select
              id="invite-plan"
              value={planId}
              onChange={(event) => setPlanId(event.target.value as GrantablePlanId)}
              className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
            >
              <option value="trafficker">Trafficker</option>
              <option value="agency">Agency</option>
            </select>
          </Field>
          {[
            {
              id: 'invite-max',
              label: 'Max redemptions',
              max: 100000,
              value: maxRedemptions,
              set: setMaxRedemptions,
            },
            {
              id: 'invite-days',
              label: 'Grants (days)',
              max: 3650,
              value: grantDays,
              set: setGrantDays,
            },
          ].map((field) => (
            <Field key={field.id} id={field.id} label={field.label}>
              <Input
                id={field.id}
                type="number"
                min={1}
                max={field.max}
                required
                value={field.value}
                onChange={(event) => field.set(event.target.value)}
              />
            </Field>
          ))}
          <Field id="invite-expires" label="Expires (optional)">
            <Input
              id="invite-expires"
              type="date"
              value={expiresAt}
              onChange={(event) => setExpiresAt(event.target.value)}
            />
          </Field>
          <Field id="invite-code" label="Code (optional)">
            <Input
              id="invite-code"
              placeholder="Generated"
              maxLength={64}
              value={code}
              onChange={(event) => setCode(event.target.value.toUpperCase())}
            />
          </Field>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? (
              <Loader2 className="animate-spin" aria-hidden="true" />
            ) : (
              <Ticket aria-hidden="true" />
            )}
            Create Code
          </Button>
        </form>

        <div className="overflow-x-auto">
          <table className="w-full min-w-[640px] text-left text-sm">
            <caption className="sr-only">Invitation codes, newest first</caption>
            <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600">
              <tr>
                <th scope="col" className="py-3 pr-4 font-medium">
                  Code
                </th>
                <th scope="col" className="py-3 pr-4 font-medium">
                  Plan
                </th>
                <th scope="col" className="py-3 pr-4 font-medium">
                  Redemptions
                </th>
                <th scope="col" className="py-3 pr-4 font-medium">
                  Expires
                </th>
                <th scope="col" className="py-3 pr-4 font-medium">
                  Status
                </th>
                <th scope="col" className="py-3 text-right font-medium">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {codes.isPending && (
                <tr>
                  <td colSpan={6} className="py-3">
                    <Skeleton className="h-10 w-full" />
                  </td>
                </tr>
              )}
              {!codes.isPending && list.length === 0 && (
                <tr>
                  <td colSpan={6} className="py-8 text-center text-slate-600">
                    No invitation codes yet
                  </td>
                </tr>
              )}
              {list.map((entry) => {
                const status = invitationCodeStatus(entry)
                return (
                  <tr key={entry.id} data-testid="invitation-code-row">
                    <td className="py-3 pr-4 font-mono font-semibold text-slate-900">
                      {entry.code}
                    </td>
                    <td className="py-3 pr-4">
                      {PLAN_NAMES[entry.planId] ?? entry.planId} · {entry.grantDays} days
                    </td>
                    <td className="py-3 pr-4">
                      {entry.redemptionCount} / {entry.maxRedemptions}
                    </td>
                    <td className="py-3 pr-4">
                      {entry.expiresAt ? formatDate(entry.expiresAt) : 'Never'}
                    </td>
                    <td className="py-3 pr-4">
                      <Badge variant={STATUS_BADGE[status]}>{status}</Badge>
                    </td>
                    <td className="py-3 text-right">
                      {!entry.disabled && (
                        <Button
                          type="button"
                          variant="outline"
                          size="sm"
                          className="border-red-300 text-red-700 hover:bg-red-50"
                          onClick={() => setToDisable(entry)}
                          aria-label={`Disable ${entry.code}`}
                        >
                          <Ban aria-hidden="true" />
                          Disable
                        </Button>
                      )}
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      </CardContent>
      <ConfirmDialog
        open={toDisable !== null}
        onOpenChange={(open) => !open && setToDisable(null)}
        title={`Disable ${toDisable?.code ?? 'this code'}?`}
        description="Nobody will be able to redeem it any more. Plans already granted with it run to their end."
        confirmLabel="Disable"
        onConfirm={() => {
          if (toDisable) disable.mutate(toDisable)
          setToDisable(null)
        }}
      />
    </Card>
  )
}
