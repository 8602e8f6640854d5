import { Loader2 } from 'lucide-react'

/**
 * What a lazily loaded dialog shows while its chunk arrives (a `<Suspense>` fallback): the
 * dialogs' overlay (components/ui/dialog.tsx) with a spinner, busy for assistive technology
 * and for the browser tests' settled signal (tests/helpers/page_settled.ts).
 */
export function DialogLoading() {
  return (
    <div
      aria-busy="true"
      className="fixed inset-0 z-50 grid place-items-center bg-slate-950/60 backdrop-blur-[2px]"
    >
      <Loader2 className="size-6 animate-spin text-white" aria-hidden="true" />
      <span className="sr-only">Loading</span>
    </div>
  )
}
