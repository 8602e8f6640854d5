import { useEffect } from 'react'
import { Head } from '@inertiajs/react'
import { Loader2 } from 'lucide-react'
import { denyAdminAccess, redirectToLogin } from '~/lib/call_errors'

function RedirectNotice({ title, message }: { title: string; message: string }) {
  return (
    <>
      <Head title={title} />
      <p className="flex items-center gap-2 text-slate-700" role="status">
        <Loader2 className="size-4 animate-spin" aria-hidden="true" />
        {message}
      </p>
    </>
  )
}

/**
 * What a signed-in page renders for a visitor (spec §2 Profile, §8): the 'Unauthorized' toast,
 * then /api/login after 500 ms. `title` is the page's title.
 * Use it as `if (!user) return <SignInRedirect title="Profile" />`.
 */
export function SignInRedirect({ title }: { title: string }) {
  useEffect(() => redirectToLogin(), [])
  return <RedirectNotice title={title} message="Redirecting to sign-in…" />
}

/** What an admin-only page renders for a signed-in non-admin (spec §6): 'Access Denied', then /. */
export function AccessDeniedRedirect({ title }: { title: string }) {
  useEffect(() => denyAdminAccess(), [])
  return <RedirectNotice title={title} message="Redirecting…" />
}
