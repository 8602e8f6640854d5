import { lazy, Suspense, type ComponentProps, type HTMLAttributes } from 'react'
import { DialogLoading } from '~/components/dialog_loading'
import type * as Parts from '~/components/ui/dialog_parts'
import { cn } from '~/lib/utils'

/*
| Dialogs (Radix Dialog: focus-trapped, Escape closes) whose Radix code loads when a dialog
| first opens: no page carries it in its first load. Every dialog here is controlled
| (`open`): a closed one renders nothing, and the first open shows `DialogLoading` until
| components/ui/dialog_parts.tsx has arrived.
*/
const loadParts = () => import('~/components/ui/dialog_parts')
const DialogRoot = lazy(() => loadParts().then((parts) => ({ default: parts.DialogRoot })))
const LazyContent = lazy(() => loadParts().then((parts) => ({ default: parts.DialogContent })))
const LazyTitle = lazy(() => loadParts().then((parts) => ({ default: parts.DialogTitle })))
const LazyDescription = lazy(() =>
  loadParts().then((parts) => ({ default: parts.DialogDescription }))
)
const LazyTrigger = lazy(() => loadParts().then((parts) => ({ default: parts.DialogTrigger })))
const LazyClose = lazy(() => loadParts().then((parts) => ({ default: parts.DialogClose })))

/** A dialog, shown while `open`. */
export function Dialog(props: ComponentProps<typeof Parts.DialogRoot> & { open: boolean }) {
  if (!props.open) return null
  return (
    <Suspense fallback={<DialogLoading />}>
      <DialogRoot {...props} />
    </Suspense>
  )
}

/** The dialog's panel, with its overlay and a Close button unless `hideClose`. */
export function DialogContent(props: ComponentProps<typeof Parts.DialogContent>) {
  return <LazyContent {...props} />
}

export function DialogTitle(props: ComponentProps<typeof Parts.DialogTitle>) {
  return <LazyTitle {...props} />
}

export function DialogDescription(props: ComponentProps<typeof Parts.DialogDescription>) {
  return <LazyDescription {...props} />
}

export function DialogTrigger(props: ComponentProps<typeof Parts.DialogTrigger>) {
  return <LazyTrigger {...props} />
}

export function DialogClose(props: ComponentProps<typeof Parts.DialogClose>) {
  return <LazyClose {...props} />
}

export function DialogHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('flex flex-col gap-1.5 pr-6', className)} {...props} />
}

export function DialogFooter({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}
      {...props}
    />
  )
}
