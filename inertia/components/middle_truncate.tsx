import { cn } from '~/lib/utils'
import { splitForMiddleTruncation } from '~/lib/format'

/**
 * Long one-line text (an endpoint path, a URL) that keeps its start and its end and loses the
 * middle when the box is too narrow: the head truncates with an ellipsis, the tail (the
 * part that tells two paths apart) always shows. The whole text stays in the DOM (head + tail)
 * and in the tooltip. The parent must let it shrink (`min-w-0`).
 */
export function MiddleTruncate({
  text,
  tailLength = 16,
  className,
}: {
  text: string
  tailLength?: number
  className?: string
}) {
  const [head, tail] = splitForMiddleTruncation(text, tailLength)
  return (
    <span className={cn('flex min-w-0', className)} title={text}>
      <span className="truncate">{head}</span>
      <span className="shrink-0 whitespace-pre">{tail}</span>
    </span>
  )
}
