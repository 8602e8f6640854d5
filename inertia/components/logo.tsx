import { Zap } from 'lucide-react'
import { clsx as cn } from 'clsx'

/** The Adrelay word mark (clsx only: the landing page avoids tailwind-merge for its size budget). */
export function Logo({ className, beta = false }: { className?: string; beta?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold tracking-tight', className)}>
      <span className="grid size-8 place-items-center rounded-lg bg-gradient-to-br from-indigo-600 to-violet-600 text-white shadow-sm">
        <Zap className="size-4" aria-hidden="true" />
      </span>
      <span className="text-lg">Adrelay</span>
      {beta && (
        <span className="rounded-full bg-indigo-100 px-2 py-0.5 text-[11px] font-semibold uppercase tracking-wide text-indigo-800">
          Beta
        </span>
      )}
    </span>
  )
}
