import { useId } from 'react'
import { CheckCircle2, Loader2, XCircle } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import type { InvitationValidation } from '~/types'

/**
 * The invitation-code box (spec §2, §5): upper-cased as typed, Validate disabled when blank
 * or pending; the result (icon + text, not colour alone) is cleared by every edit.
 */
export function InvitationCodeBox({
  code,
  onCodeChange,
  onValidate,
  pending,
  result,
}: {
  code: string
  onCodeChange: (value: string) => void
  onValidate: () => void
  pending: boolean
  result: InvitationValidation | null
}) {
  const inputId = useId()
  const resultId = useId()
  return (
    <section
      aria-labelledby={`${inputId}-heading`}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id={`${inputId}-heading`} className="text-base font-semibold">
        Have an invitation code?
      </h2>
      <form
        className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault()
          onValidate()
        }}
      >
        <div className="grid flex-1 gap-1.5">
          <Label htmlFor={inputId}>Invitation code</Label>
          <Input
            id={inputId}
            value={code}
            autoComplete="off"
            spellCheck={false}
            placeholder="ENTER CODE"
            aria-describedby={result ? resultId : undefined}
            onChange={(event) => onCodeChange(event.target.value)}
          />
        </div>
        <Button type="submit" variant="outline" disabled={code.trim() === '' || pending}>
          {pending && <Loader2 className="animate-spin" aria-hidden="true" />}
          Validate
        </Button>
      </form>
      {result && (
        <p
          id={resultId}
          role="status"
          data-testid="invitation-result"
          className={`mt-2 flex items-center gap-1.5 text-sm ${result.valid ? 'text-emerald-700' : 'text-red-700'}`}
        >
          {result.valid ? (
            <CheckCircle2 className="size-4" aria-hidden="true" />
          ) : (
            <XCircle className="size-4" aria-hidden="true" />
          )}
          {result.valid ? 'Valid: ' : 'Invalid: '}
          {result.message}
        </p>
      )}
    </section>
  )
}
