import { Toast as ToastPrimitive } from 'radix-ui'
import { X } from 'lucide-react'
import { cn } from '~/lib/utils'
import { dismissToast, useToast } from '~/hooks/use_toast'

/**
 * Renders the toast store (spec Notifications): top of the screen on small screens, bottom
 * right from `sm` up, at most 420 px wide, one at a time. Mount once (app.tsx).
 */
export function Toaster() {
  const { toasts } = useToast()
  return (
    <ToastPrimitive.Provider swipeDirection="right" duration={5000}>
      {toasts.map(({ id, title, description, action, variant = 'default', open }) => (
        <ToastPrimitive.Root
          key={id}
          open={open}
          onOpenChange={(next) => {
            if (!next) dismissToast(id)
          }}
          data-variant={variant}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-xl border p-4 pr-9 shadow-lg data-[state=closed]:opacity-0 data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)]',
            variant === 'destructive'
              ? 'border-red-700 bg-red-700 text-white'
              : 'border-slate-200 bg-white text-slate-900'
          )}
        >
          <div className="grid gap-1">
            {title && (
              <ToastPrimitive.Title className="text-sm font-semibold">{title}</ToastPrimitive.Title>
            )}
            {description && (
              <ToastPrimitive.Description className="text-sm opacity-90">
                {description}
              </ToastPrimitive.Description>
            )}
          </div>
          {action}
          <ToastPrimitive.Close
            className="absolute right-2 top-2 rounded-md p-1 opacity-80 hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-current"
            aria-label="Close"
          >
            <X className="size-4" aria-hidden="true" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport className="fixed inset-x-0 top-0 z-[100] mx-auto flex max-h-screen w-full max-w-[420px] flex-col-reverse gap-2 p-4 outline-none sm:inset-x-auto sm:bottom-0 sm:right-0 sm:top-auto sm:mx-0 sm:flex-col" />
    </ToastPrimitive.Provider>
  )
}
