import type { ReactNode, RefObject } from 'react'
import { Dialog as DialogPrimitive } from 'radix-ui'
import { X } from 'lucide-react'

/**
 * The shell's sidebar as a focus-trapped drawer below `lg` (spec §2), opened by the top bar's
 * menu button. The shell loads it on first open (Radix Dialog is not part of its first load)
 * and renders it while open; closing returns focus to `triggerRef`, the menu button.
 */
export default function MobileMenu({
  onClose,
  triggerRef,
  children,
}: {
  onClose: () => void
  triggerRef: RefObject<HTMLButtonElement | null>
  /** The sidebar's contents. */
  children: ReactNode
}) {
  return (
    <DialogPrimitive.Root open onOpenChange={(open) => !open && onClose()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-950/50 lg:hidden" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            triggerRef.current?.focus()
          }}
          className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] bg-white shadow-xl focus:outline-none lg:hidden"
        >
          <DialogPrimitive.Title className="sr-only">Menu</DialogPrimitive.Title>
          {children}
          <DialogPrimitive.Close className="absolute right-3 top-4 rounded-md p-1.5 text-slate-600 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500">
            <X className="size-5" aria-hidden="true" />
            <span className="sr-only">Close menu</span>
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  )
}
