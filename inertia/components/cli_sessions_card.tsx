import { useState } from 'react'
import { Loader2, Terminal, Trash2 } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Skeleton } from '~/components/ui/skeleton'
import { ConfirmDialog } from '~/components/confirm_dialog'
import { useCliSessions, useRevokeCliSession, type CliSession } from '~/hooks/use_cli_sessions'
import { formatDate } from '~/lib/format'

/**
 * Profile card "CLI sessions": each device signed in with `adrelay login` (device name,
 * created, last used, expiry) with a Revoke button that signs that CLI out at once.
 */
export function CliSessionsCard() {
  const sessions = useCliSessions()
  const revoke = useRevokeCliSession()
  const [target, setTarget] = useState<CliSession | null>(null)

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">CLI sessions</CardTitle>
        <CardDescription>
          Devices signed in with <code className="font-mono">adrelay login</code>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {sessions.isPending && (
          <div className="grid gap-3" aria-label="Loading CLI sessions" aria-busy="true">
            <Skeleton className="h-14 w-full" />
          </div>
        )}
        {sessions.isError && (
          <p role="alert" className="text-sm text-red-700">
            {sessions.error.message}
          </p>
        )}
        {sessions.data && sessions.data.length === 0 && (
          <div className="grid place-items-center rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center">
            <Terminal className="mb-2 size-6 text-slate-400" aria-hidden="true" />
            <p className="text-sm text-slate-700">No CLI sessions</p>
            <p className="mt-1 text-xs text-slate-600">
              Run <code className="font-mono">adrelay login</code> to sign in from a terminal.
            </p>
          </div>
        )}
        {sessions.data && sessions.data.length > 0 && (
          <ul className="divide-y divide-slate-100" aria-label="CLI sessions">
            {sessions.data.map((session) => (
              <li
                key={session.id}
                data-testid="cli-session-row"
                className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center"
              >
                <div className="min-w-0 flex-1">
                  <p className="break-words font-medium text-slate-900">{session.deviceName}</p>
                  <p className="mt-1 text-xs text-slate-600">
                    Created {formatDate(session.createdAt)} · Last used{' '}
                    {session.lastUsedAt ? formatDate(session.lastUsedAt) : 'Never'} · Expires{' '}
                    {formatDate(session.expiresAt)}
                  </p>
                </div>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  className="border-red-300 text-red-700 hover:bg-red-50 sm:self-center"
                  onClick={() => setTarget(session)}
                  disabled={revoke.isPending && revoke.variables === session.id}
                  aria-label={`Revoke ${session.deviceName}`}
                >
                  {revoke.isPending && revoke.variables === session.id ? (
                    <Loader2 className="animate-spin" aria-hidden="true" />
                  ) : (
                    <Trash2 aria-hidden="true" />
                  )}
                  Revoke
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog
        open={target !== null}
        onOpenChange={(open) => !open && setTarget(null)}
        title="Revoke CLI session"
        description="The adrelay CLI on this device will be signed out. Sign in again with adrelay login."
        confirmLabel="Revoke"
        onConfirm={() => {
          if (target) revoke.mutate(target.id)
          setTarget(null)
        }}
      />
    </Card>
  )
}
