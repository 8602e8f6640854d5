import { useState, type FormEvent } from 'react'
import { Pencil } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { formatMoney } from '~/lib/format'
import { minorToInput, parseMoneyInput } from '~/lib/campaigns'
import { cn } from '~/lib/utils'
import {
  BUDGET_ACTION,
  ID_FIELD,
  type TreeHandlers,
  type TreeObject,
} from '~/components/campaigns/campaign_tree_types'

/** Budget in place: the amount, a pencil to edit it, the update through the budget preview. */
export function BudgetCell({
  object,
  onWrite,
}: {
  object: TreeObject
  onWrite: TreeHandlers['onWrite']
}) {
  const [editing, setEditing] = useState(false)
  const [text, setText] = useState('')
  const [invalid, setInvalid] = useState(false)
  if (object.kind === 'ad') return <span className="text-slate-400">—</span>
  if (object.underCampaignBudget) {
    return <span className="text-xs text-slate-600">Campaign budget</span>
  }
  const field = object.dailyBudget !== null ? 'dailyBudget' : 'lifetimeBudget'
  const current = object.dailyBudget ?? object.lifetimeBudget
  if (current === null) {
    return <span className="text-xs text-slate-600">Ad set budgets</span>
  }
  const suffix = field === 'dailyBudget' ? '/day' : 'lifetime'
  const inputId = `budget-${object.id}`

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const minor = parseMoneyInput(text, object.currency)
    if (minor === null) {
      setInvalid(true)
      return
    }
    setEditing(false)
    onWrite({
      title: `Change the budget of “${object.name}”`,
      action: BUDGET_ACTION[object.kind as 'campaign' | 'ad_set'],
      input: { [ID_FIELD[object.kind]]: object.id, [field]: minor },
      confirmLabel: 'Change budget',
      successTitle: 'Budget updated',
    })
  }

  if (editing) {
    return (
      <form onSubmit={submit} className="flex items-center gap-1" noValidate>
        <label htmlFor={inputId} className="sr-only">
          {field === 'dailyBudget' ? 'Daily budget' : 'Lifetime budget'} of {object.name} (
          {object.currency})
        </label>
        <input
          id={inputId}
          autoFocus
          inputMode="decimal"
          value={text}
          aria-invalid={invalid}
          onChange={(event) => {
            setText(event.target.value)
            setInvalid(false)
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setEditing(false)
          }}
          className={cn(
            'h-8 w-24 rounded-md border px-2 text-sm',
            invalid ? 'border-red-500' : 'border-slate-300'
          )}
        />
        <Button type="submit" size="sm">
          Save
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={() => setEditing(false)}>
          Cancel
        </Button>
      </form>
    )
  }
  return (
    <button
      type="button"
      className="group inline-flex items-center gap-1 rounded px-1 text-sm whitespace-nowrap hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
      aria-label={`Edit budget of ${object.name}: ${formatMoney(current, object.currency)} ${suffix}`}
      onClick={() => {
        setText(minorToInput(current, object.currency))
        setInvalid(false)
        setEditing(true)
      }}
    >
      {formatMoney(current, object.currency)}
      <span className="text-xs text-slate-500">{suffix}</span>
      <Pencil className="size-3 text-slate-400 group-hover:text-slate-700" aria-hidden="true" />
    </button>
  )
}
