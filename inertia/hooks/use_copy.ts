import { useCallback, useEffect, useRef, useState } from 'react'
import { toast } from '~/hooks/use_toast'

/** How long a Copy button shows its "copied" state, in ms (spec §9). */
export const COPIED_INDICATOR_MS = 2000

/**
 * Copies text to the clipboard with the spec's toasts ('Copied!', or 'Failed to copy API key').
 * `copiedKey` is the key passed to the last successful `copy` for 2 s (to flip that button's icon).
 */
export function useCopy() {
  const [copiedKey, setCopiedKey] = useState<string | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  const copy = useCallback(async (text: string, key: string = text) => {
    try {
      await navigator.clipboard.writeText(text)
      setCopiedKey(key)
      clearTimeout(timer.current)
      timer.current = setTimeout(() => setCopiedKey(null), COPIED_INDICATOR_MS)
      toast({ title: 'Copied!' })
      return true
    } catch {
      toast({ title: 'Error', description: 'Failed to copy API key', variant: 'destructive' })
      return false
    }
  }, [])

  return { copy, copiedKey }
}
