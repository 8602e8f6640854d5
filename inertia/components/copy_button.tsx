import type { ReactNode } from 'react'
import { Check, Copy } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { useCopy } from '~/hooks/use_copy'

/**
 * A button that copies `text` with the spec's toasts ('Copied!', or 'Failed to copy API key')
 * and shows a check mark for 2 s (spec §9). `text` may be a function, called on each click
 * for text that must differ from one copy to the next (the n8n template's ids). `label` is
 * its accessible name ('Copy MCP endpoint'); the visible text is `children`, else 'Copy' /
 * 'Copied'. `compact` hides the visible text below the `sm` breakpoint (the icon and the
 * accessible name stay).
 */
export function CopyButton({
  text,
  label,
  children,
  size = 'sm',
  compact = false,
  testId,
}: {
  text: string | (() => string)
  label: string
  children?: ReactNode
  size?: 'sm' | 'default'
  compact?: boolean
  testId?: string
}) {
  const { copy, copiedKey } = useCopy()
  const copied = copiedKey !== null
  const caption = children ?? (copied ? 'Copied' : 'Copy')
  return (
    <Button
      type="button"
      variant="outline"
      size={size}
      onClick={() => copy(typeof text === 'function' ? text() : text)}
      aria-label={label}
      data-testid={testId}
    >
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      {compact ? <span className="hidden sm:inline">{caption}</span> : caption}
    </Button>
  )
}
