import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Button } from '~/components/ui/button'

/** Previous/Next page navigation with "Page N of M"; renders nothing for a single page. */
export function Pagination({
  label,
  page,
  lastPage,
  onPageChange,
}: {
  /** Accessible name of the navigation, e.g. "Users pages". */
  label: string
  page: number
  lastPage: number
  onPageChange: (page: number) => void
}) {
  if (lastPage <= 1) return null
  return (
    <nav
      aria-label={label}
      className="mt-4 flex items-center justify-between gap-4 text-sm text-slate-700"
    >
      <p>
        Page {page} of {lastPage}
      </p>
      <div className="flex gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={page <= 1}
          onClick={() => onPageChange(page - 1)}
        >
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={page >= lastPage}
          onClick={() => onPageChange(page + 1)}
        >
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  )
}
