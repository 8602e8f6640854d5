import { useEffect, useState, type ReactNode } from 'react'

/**
 * The toast store (spec §3 Toast, §9): a module-level queue shared by every component, so any
 * code (a hook, a mutation's onError, the 401 rule) can raise a toast. At most one toast is
 * shown at a time; a dismissed toast is removed from the store after 1,000,000 ms (Radix
 * animates it out right away; the delay only matters for the store's memory).
 */

/** At most one toast at a time (spec §9). */
export const TOAST_LIMIT = 1
/** A dismissed toast is removed after this many ms (spec §9). */
export const TOAST_REMOVE_DELAY_MS = 1_000_000

export type ToastVariant = 'default' | 'destructive'

export interface ToastInput {
  title?: ReactNode
  description?: ReactNode
  action?: ReactNode
  variant?: ToastVariant
}

export interface ToastEntry extends ToastInput {
  id: string
  open: boolean
}

interface ToastState {
  toasts: ToastEntry[]
}

let counter = 0
let state: ToastState = { toasts: [] }
const listeners = new Set<(next: ToastState) => void>()
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>()

function emit(next: ToastState) {
  state = next
  for (const listener of listeners) listener(state)
}

function scheduleRemoval(id: string) {
  if (removeTimers.has(id)) return
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id)
      emit({ toasts: state.toasts.filter((entry) => entry.id !== id) })
    }, TOAST_REMOVE_DELAY_MS)
  )
}

/** Closes one toast (or all when `id` is omitted); it is removed after the delay. */
export function dismissToast(id?: string) {
  for (const entry of state.toasts) {
    if (id === undefined || entry.id === id) scheduleRemoval(entry.id)
  }
  emit({
    toasts: state.toasts.map((entry) =>
      id === undefined || entry.id === id ? { ...entry, open: false } : entry
    ),
  })
}

/**
 * Shows a toast, replacing the one on screen (limit 1).
 * @returns the toast's id with `dismiss` and `update` helpers.
 */
export function toast(input: ToastInput) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER
  const id = String(counter)
  const entry: ToastEntry = { ...input, id, open: true }
  emit({ toasts: [entry, ...state.toasts].slice(0, TOAST_LIMIT) })
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (next: ToastInput) =>
      emit({ toasts: state.toasts.map((t) => (t.id === id ? { ...t, ...next } : t)) }),
  }
}

/** The toasts in the store right now, newest first (what the Toaster renders). */
export function currentToasts(): readonly ToastEntry[] {
  return state.toasts
}

/** React access to the toast store: `const { toast } = useToast()`. */
export function useToast() {
  const [current, setCurrent] = useState(state)
  useEffect(() => {
    listeners.add(setCurrent)
    // A toast raised by an earlier effect (a page's mount effect runs before the Toaster's)
    // happened before this subscription: pick it up now.
    setCurrent(state)
    return () => {
      listeners.delete(setCurrent)
    }
  }, [])
  return { ...current, toast, dismiss: dismissToast }
}
