import { lazy, Suspense } from 'react'
import { Head, Link } from '@inertiajs/react'
import { Loader2 } from 'lucide-react'

// The viewer is its own chunk: nobody else downloads it.
const ApiReferenceViewer = lazy(() => import('~/components/automation/api_reference_viewer'))

/**
 * API reference (/docs/api): the OpenAPI 3.1 document of the REST API
 * (GET /api/v1/openapi.json, generated from the action registry) in a bundled viewer.
 */
export default function ApiReference({ specUrl }: { specUrl: string }) {
  return (
    <>
      <Head title="API Reference" />
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 py-3 sm:px-6">
        <p className="text-sm text-slate-700">
          Adrelay API reference. Every endpoint is also an MCP tool on{' '}
          <code className="font-mono">/mcp</code>.
        </p>
        <nav aria-label="API reference" className="flex gap-4 text-sm">
          <a
            className="font-medium text-indigo-700 underline-offset-4 hover:underline"
            href={specUrl}
          >
            OpenAPI JSON
          </a>
          <Link
            className="font-medium text-indigo-700 underline-offset-4 hover:underline"
            href="/dashboard"
          >
            Automation
          </Link>
        </nav>
      </header>
      <main id="main-content">
        <Suspense
          fallback={
            <p role="status" className="flex items-center gap-2 p-6 text-slate-700">
              <Loader2 className="size-4 animate-spin" aria-hidden="true" />
              Loading the API reference…
            </p>
          }
        >
          <ApiReferenceViewer specUrl={specUrl} />
        </Suspense>
      </main>
    </>
  )
}
