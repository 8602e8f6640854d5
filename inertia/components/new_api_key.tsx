import { KeyRound } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { CopyButton } from '~/components/copy_button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog'

/** The warning shown with a new key (spec §2 Profile). */
export const NEW_KEY_WARNING = "Make sure to copy this key now. You won't be able to see it again!"

function KeyField({ apiKey }: { apiKey: string }) {
  return (
    <div className="flex items-stretch gap-2">
      <code
        data-testid="new-api-key"
        className="min-w-0 flex-1 break-all rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-900"
      >
        {apiKey}
      </code>
      <CopyButton text={apiKey} label="Copy API key" size="default" compact />
    </div>
  )
}

/**
 * A newly generated API key, shown once (the server only keeps its hash). `variant="banner"`
 * is the Profile page's inline banner; `variant="dialog"` is the dashboard's in-page dialog
 * (replacing the spec's browser alert). Both offer Copy and the "I've copied it" dismiss.
 * Render with `apiKey = null` to hide it.
 */
export function NewApiKey({
  apiKey,
  onDismiss,
  variant = 'banner',
}: {
  apiKey: string | null
  onDismiss: () => void
  variant?: 'banner' | 'dialog'
}) {
  if (variant === 'dialog') {
    return (
      <Dialog open={apiKey !== null} onOpenChange={(open) => !open && onDismiss()}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>API Key Generated</DialogTitle>
            <DialogDescription>{NEW_KEY_WARNING}</DialogDescription>
          </DialogHeader>
          {apiKey && <KeyField apiKey={apiKey} />}
          <DialogFooter>
            <Button type="button" onClick={onDismiss}>
              I've copied it
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    )
  }
  if (apiKey === null) return null
  return (
    <section
      aria-labelledby="new-api-key-title"
      className="rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-emerald-950"
    >
      <div className="mb-3 flex items-start gap-3">
        <KeyRound className="mt-0.5 size-5 shrink-0 text-emerald-700" aria-hidden="true" />
        <div>
          <h3 id="new-api-key-title" className="font-semibold">
            API Key Generated
          </h3>
          <p className="text-sm">{NEW_KEY_WARNING}</p>
        </div>
      </div>
      <KeyField apiKey={apiKey} />
      <div className="mt-3 flex justify-end">
        <Button type="button" variant="outline" size="sm" onClick={onDismiss}>
          I've copied it
        </Button>
      </div>
    </section>
  )
}
