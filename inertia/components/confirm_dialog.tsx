import { lazy, Suspense } from 'react'
import { DialogLoading } from '~/components/dialog_loading'
import type { ConfirmDialogProps } from '~/components/confirm_dialog_panel'

// Radix AlertDialog (and the Dialog it builds on) loads on the first confirmation asked.
const ConfirmDialogPanel = lazy(() => import('~/components/confirm_dialog_panel'))

/**
 * An in-page confirmation (Radix AlertDialog: focus-trapped, Cancel focused first) used instead
 * of the browser's confirm() for destructive actions, with the spec's question as its text.
 * Renders nothing while closed; the first open shows `DialogLoading` until the dialog's code
 * has arrived.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  if (!props.open) return null
  return (
    <Suspense fallback={<DialogLoading />}>
      <ConfirmDialogPanel {...props} />
    </Suspense>
  )
}
