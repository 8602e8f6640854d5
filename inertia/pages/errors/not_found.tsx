import { Head } from '@inertiajs/react'
import { ArrowLeft, Compass } from 'lucide-react'
import { Button } from '~/components/ui/button'

/** Any unknown path (spec §2): 'Page Not Found', served with HTTP 404. */
export default function NotFound() {
  return (
    <main className="grid min-h-screen place-items-center bg-slate-50 px-4 text-center">
      <Head title="Page Not Found" />
      <div className="max-w-md">
        <span className="mx-auto grid size-14 place-items-center rounded-full bg-indigo-100 text-indigo-700">
          <Compass className="size-7" aria-hidden="true" />
        </span>
        <p className="mt-6 text-sm font-semibold text-indigo-700">404</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-950">Page Not Found</h1>
        <p className="mt-3 text-slate-700">
          The page you are looking for does not exist or has moved.
        </p>
        <Button asChild className="mt-8">
          <a href="/">
            <ArrowLeft aria-hidden="true" />
            Back to Home
          </a>
        </Button>
      </div>
    </main>
  )
}
