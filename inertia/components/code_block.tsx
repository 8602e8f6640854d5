/**
 * A read-only block of code or configuration (monospace, dark), scrollable within its own box
 * and focusable so keyboard users can scroll it. `label` is its accessible name. Its width
 * never comes from its content (`contain: inline-size`): a long line scrolls inside the box
 * instead of widening the card and the page around it (issue 12 §2).
 */
export function CodeBlock({
  text,
  label,
  testId,
}: {
  text: string
  label: string
  testId?: string
}) {
  return (
    <pre
      aria-label={label}
      tabIndex={0}
      data-testid={testId}
      className="max-h-80 w-full overflow-auto rounded-lg [contain:inline-size] bg-slate-950 p-4 font-mono text-xs leading-relaxed text-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
    >
      <code>{text}</code>
    </pre>
  )
}
