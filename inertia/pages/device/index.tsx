import { useEffect, useState, type FormEvent, type ReactNode } from 'react'
import { Head } from '@inertiajs/react'
import { CheckCircle2, Loader2, MonitorSmartphone, ShieldX, Terminal } from 'lucide-react'
import AppShell, { PageHeader } from '~/layouts/app_shell'
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Field } from '~/components/ui/field'
import { Input } from '~/components/ui/input'
import { ApiError } from '~/lib/api'
import { formatDateTime } from '~/lib/format'
import {
  useDeviceDecision,
  useDeviceLookup,
  type DeviceDecision,
  type PendingDeviceAuthorization,
} from '~/hooks/use_device_authorization'

/** The server's message for a failed call (`{error: {message}}`), else a generic one. */
function errorMessage(error: unknown): string {
  return (
    (error instanceof ApiError ? error.serverMessage : undefined) ??
    'Something went wrong. Please try again.'
  )
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 py-2 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="break-words text-sm font-medium text-slate-900 sm:col-span-2">{children}</dd>
    </div>
  )
}

/**
 * /device: approve a CLI sign-in (RFC 8628). Enter (or confirm the pre-filled) code shown by
 * `adrelay login`, check the device name, time and IP address of the request, then Approve
 * or Deny. The server only reaches this page signed in.
 */
export default function DevicePage({ userCode: initialCode }: { userCode: string }) {
  const [code, setCode] = useState(initialCode)
  const [pending, setPending] = useState<PendingDeviceAuthorization | null>(null)
  const [decided, setDecided] = useState<DeviceDecision | null>(null)
  const lookup = useDeviceLookup()
  const decision = useDeviceDecision()

  const find = (value: string) => lookup.mutate(value, { onSuccess: (found) => setPending(found) })

  // A code from the CLI's link is looked up at once; the person still confirms it below.
  useEffect(() => {
    if (initialCode) find(initialCode)
  }, [])

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (code.trim()) find(code.trim())
  }

  function decide(choice: 'approve' | 'deny') {
    if (!pending) return
    decision.mutate(
      { userCode: pending.userCode, decision: choice },
      { onSuccess: (result) => setDecided(result) }
    )
  }

  return (
    <>
      <Head title="Sign in the CLI" />
      <PageHeader
        title="Sign in the CLI"
        description="Connect the adrelay command-line tool to your account"
      />
      <div className="mx-auto grid w-full max-w-xl gap-6">
        {decided ? (
          <Alert variant={decided.status === 'approved' ? 'success' : 'default'}>
            {decided.status === 'approved' ? (
              <CheckCircle2 aria-hidden="true" />
            ) : (
              <ShieldX aria-hidden="true" />
            )}
            <div className="min-w-0">
              <AlertTitle>
                {decided.status === 'approved' ? 'Device approved' : 'Request denied'}
              </AlertTitle>
              <AlertDescription className="break-words">
                {decided.status === 'approved'
                  ? `${decided.deviceName} is signed in. You can return to your terminal.`
                  : `${decided.deviceName} was not signed in. If you did not start this, nothing else is needed.`}
              </AlertDescription>
            </div>
          </Alert>
        ) : pending ? (
          <Card>
            <CardHeader>
              <CardTitle as="h2" className="flex items-center gap-2">
                <MonitorSmartphone className="size-5 text-indigo-600" aria-hidden="true" />
                Approve this device?
              </CardTitle>
              <CardDescription>
                Only approve if you started this sign-in yourself and the details match.
              </CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4">
              <dl className="divide-y divide-slate-100" aria-label="Sign-in request">
                <Detail label="Code">
                  <code className="font-mono" data-testid="device-user-code">
                    {pending.userCode}
                  </code>
                </Detail>
                <Detail label="Device">
                  <span data-testid="device-name">{pending.deviceName}</span>
                </Detail>
                <Detail label="Requested">{formatDateTime(pending.requestedAt)}</Detail>
                <Detail label="From IP address">
                  <span data-testid="device-ip">{pending.requesterIp}</span>
                </Detail>
              </dl>
              {decision.isError && (
                <p role="alert" className="text-sm text-red-700">
                  {errorMessage(decision.error)}
                </p>
              )}
              <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => decide('deny')}
                  disabled={decision.isPending}
                >
                  Deny
                </Button>
                <Button
                  type="button"
                  onClick={() => decide('approve')}
                  disabled={decision.isPending}
                >
                  {decision.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
                  Approve
                </Button>
              </div>
            </CardContent>
          </Card>
        ) : (
          <Card>
            <CardHeader>
              <CardTitle as="h2" className="flex items-center gap-2">
                <Terminal className="size-5 text-indigo-600" aria-hidden="true" />
                Enter the code from your terminal
              </CardTitle>
              <CardDescription>
                Run <code className="font-mono">adrelay login</code> and type the 8-letter code it
                shows.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <form onSubmit={submit} className="grid gap-4">
                <Field id="user-code" label="Code">
                  <Input
                    id="user-code"
                    name="userCode"
                    value={code}
                    onChange={(event) => setCode(event.target.value)}
                    placeholder="XXXX-XXXX"
                    autoComplete="off"
                    autoCapitalize="characters"
                    spellCheck={false}
                    maxLength={16}
                    className="font-mono uppercase tracking-widest"
                    aria-describedby={lookup.isError ? 'user-code-error' : undefined}
                    required
                  />
                </Field>
                {lookup.isError && (
                  <p id="user-code-error" role="alert" className="text-sm text-red-700">
                    {errorMessage(lookup.error)}
                  </p>
                )}
                <Button type="submit" disabled={lookup.isPending} className="sm:justify-self-end">
                  {lookup.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
                  {lookup.isPending ? 'Checking...' : 'Continue'}
                </Button>
              </form>
            </CardContent>
          </Card>
        )}
      </div>
    </>
  )
}

DevicePage.layout = (page: ReactNode) => <AppShell>{page}</AppShell>
