import { Head } from '@inertiajs/react'
import { useState } from 'react'
import { Loader2 } from 'lucide-react'
import { Logo } from '~/components/logo'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { Field } from '~/components/ui/field'
import { readCsrfToken } from '~/lib/api'

/** Development sign-in (no Google configured, outside production): email + name. */
export default function DevLogin() {
  const [error, setError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setPending(true)
    setError(null)
    const form = new FormData(event.currentTarget)
    const response = await fetch('/api/login/dev', {
      method: 'POST',
      credentials: 'same-origin',
      redirect: 'follow',
      headers: {
        'Content-Type': 'application/json',
        'X-XSRF-TOKEN': readCsrfToken() ?? '',
        'Accept': 'application/json',
      },
      body: JSON.stringify(Object.fromEntries(form.entries())),
    }).catch(() => null)
    if (response && (response.ok || response.redirected)) {
      // The sign-in may return to the page that asked for it (e.g. /device).
      window.location.href = response.redirected ? response.url : '/'
      return
    }
    const body = await response?.json().catch(() => null)
    setError(body?.error?.message ?? 'Sign-in failed.')
    setPending(false)
  }

  return (
    <main className="grid min-h-screen place-items-center bg-gradient-to-b from-indigo-50 to-slate-50 p-4">
      <Head title="Development sign-in" />
      <div className="w-full max-w-sm">
        <a
          href="/"
          className="mb-6 flex justify-center rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          <Logo beta />
        </a>
        <form
          onSubmit={submit}
          className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <div>
            <h1 className="text-xl font-semibold text-slate-950">Development sign-in</h1>
            <p className="mt-1 text-sm text-slate-600">
              Google sign-in is not configured, so this local-only form signs you in. It does not
              exist in production.
            </p>
          </div>
          <Field id="dev-email" label="Email">
            <Input id="dev-email" name="email" type="email" autoComplete="email" required />
          </Field>
          <Field id="dev-first-name" label="First name">
            <Input id="dev-first-name" name="firstName" autoComplete="given-name" />
          </Field>
          <Field id="dev-last-name" label="Last name">
            <Input id="dev-last-name" name="lastName" autoComplete="family-name" />
          </Field>
          {error && (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
          <Button type="submit" disabled={pending} className="w-full">
            {pending && <Loader2 className="animate-spin" aria-hidden="true" />}
            Sign in
          </Button>
        </form>
      </div>
    </main>
  )
}
