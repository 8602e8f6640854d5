import { useEffect, useState, type ReactNode } from 'react'
import { useMutation, useQuery } from '@tanstack/react-query'
import { Check, Loader2, Search, X } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { Field } from '~/components/ui/field'
import { Input } from '~/components/ui/input'
import { FailureAlert, WritePreviewPanel } from '~/components/campaigns/write_preview'
import { runWrite } from '~/hooks/use_campaigns'
import { actionFailure, actionUrl } from '~/lib/campaigns'
import type { TargetingSearchResult, WriteResult } from '~/types'

/**
 * The pieces every step of the New campaign wizard is made of: labelled selects, the
 * preview-then-confirm write of a step, the targeting search, the "created" line.
 */

export const selectClass = 'h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm'

export type TargetingOption = TargetingSearchResult['results'][number]

/** `FINANCIAL_PRODUCTS_SERVICES` → `financial products services`. */
export function enumLabel(value: string) {
  return value.replace(/_/g, ' ').toLowerCase()
}

/** A labelled select over `options`. */
export function SelectField({
  id,
  label,
  value,
  onChange,
  options,
}: {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  options: Array<{ value: string; label: string }>
}) {
  return (
    <Field id={id} label={label}>
      <select
        id={id}
        className={selectClass}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  )
}

/** A select over a list read from an action, with its loading, error and empty states. */
export function ListSelect<T extends { id: string; name: string }>({
  id,
  label,
  query,
  items,
  value,
  onChange,
  empty,
}: {
  id: string
  label: string
  query: { isLoading: boolean; isError: boolean; error: unknown }
  items: T[] | undefined
  value: string
  onChange: (value: string) => void
  empty: string
}) {
  return (
    <Field id={id} label={label}>
      {query.isLoading ? (
        <p className="text-sm text-slate-600">Loading…</p>
      ) : query.isError ? (
        <FailureAlert failure={actionFailure(query.error)} />
      ) : items && items.length === 0 ? (
        <p className="text-sm text-slate-700">{empty}</p>
      ) : (
        <select
          id={id}
          className={selectClass}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        >
          {items?.map((item) => (
            <option key={item.id} value={item.id}>
              {item.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  )
}

/**
 * One write of the wizard: "Preview" calls the action without `confirm` and shows the exact
 * Graph request; the confirm button sends it. Editing the form after a preview hides the
 * preview, so what is confirmed is always what was shown. When the confirmed write fails,
 * `whenConfirmFails` is shown under Meta's refusal (the wizard offers to delete the draft).
 */
export function StepWrite({
  action,
  input,
  invalid,
  confirmLabel,
  onDone,
  whenConfirmFails,
  run = runWrite,
}: {
  action: string
  input: Record<string, unknown> | null
  /** Why the form cannot be previewed yet (shown instead of the button), or null. */
  invalid: string | null
  confirmLabel: string
  onDone: (result: WriteResult) => void
  whenConfirmFails?: ReactNode
  run?: (action: string, input: Record<string, unknown>) => Promise<WriteResult>
}) {
  const key = JSON.stringify(input)
  const preview = useMutation({ mutationFn: (sent: Record<string, unknown>) => run(action, sent) })
  const confirm = useMutation({
    mutationFn: (sent: Record<string, unknown>) => run(action, { ...sent, confirm: true }),
    onSuccess: onDone,
  })
  const { reset: resetPreview } = preview
  const { reset: resetConfirm } = confirm
  useEffect(() => {
    resetPreview()
    resetConfirm()
  }, [key, resetPreview, resetConfirm])
  const error = confirm.error ?? preview.error
  return (
    <div className="grid min-w-0 gap-3">
      {preview.data && <WritePreviewPanel result={preview.data} />}
      {error && <FailureAlert failure={actionFailure(error)} />}
      {confirm.error && whenConfirmFails}
      {invalid && <p className="text-sm text-slate-600">{invalid}</p>}
      <div className="flex flex-wrap justify-end gap-2">
        <Button
          type="button"
          variant={preview.data ? 'outline' : 'default'}
          disabled={!input || Boolean(invalid) || preview.isPending}
          onClick={() => input && preview.mutate(input)}
        >
          {preview.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
          Preview
        </Button>
        {preview.data && input && (
          <Button type="button" disabled={confirm.isPending} onClick={() => confirm.mutate(input)}>
            {confirm.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
            {confirmLabel}
          </Button>
        )}
      </div>
    </div>
  )
}

/** Search box over `search_targeting`: pick results into a list of chips. */
export function TargetingPicker({
  id,
  label,
  type,
  selected,
  onChange,
}: {
  id: string
  label: string
  type: 'interests' | 'geo_locations'
  selected: TargetingOption[]
  onChange: (next: TargetingOption[]) => void
}) {
  const [query, setQuery] = useState('')
  const [submitted, setSubmitted] = useState('')
  const results = useQuery<TargetingSearchResult>({
    queryKey: [
      actionUrl('search_targeting', {
        type,
        query: submitted,
        locationTypes: type === 'geo_locations' ? ['country'] : undefined,
        limit: 8,
      }),
    ],
    enabled: submitted.length > 0,
  })
  return (
    <div className="grid gap-2">
      <Field id={id} label={label}>
        <div className="flex gap-2">
          <Input
            id={id}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault()
                setSubmitted(query.trim())
              }
            }}
            placeholder={type === 'interests' ? 'e.g. hiking' : 'e.g. United States'}
          />
          <Button
            type="button"
            variant="outline"
            onClick={() => setSubmitted(query.trim())}
            aria-label={`Search ${label.toLowerCase()}`}
          >
            <Search aria-hidden="true" />
          </Button>
        </div>
      </Field>
      {selected.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label={`Chosen ${label.toLowerCase()}`}>
          {selected.map((option) => (
            <li
              key={option.id}
              className="inline-flex items-center gap-1 rounded-full bg-indigo-50 px-2 py-0.5 text-xs text-indigo-900"
            >
              {option.name}
              <button
                type="button"
                aria-label={`Remove ${option.name}`}
                onClick={() => onChange(selected.filter((item) => item.id !== option.id))}
                className="rounded-full p-0.5 hover:bg-indigo-100"
              >
                <X className="size-3" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {results.isFetching ? (
        <p className="text-xs text-slate-600">Searching…</p>
      ) : results.isError ? (
        <FailureAlert failure={actionFailure(results.error)} />
      ) : results.data ? (
        results.data.results.length === 0 ? (
          <p className="text-xs text-slate-600">Nothing found for “{submitted}”.</p>
        ) : (
          <ul className="grid gap-1" aria-label={`${label} results`}>
            {results.data.results
              .filter((option) => !selected.some((item) => item.id === option.id))
              .map((option) => (
                <li key={option.id}>
                  <button
                    type="button"
                    onClick={() => onChange([...selected, option])}
                    className="flex w-full min-w-0 items-center justify-between gap-2 rounded-md border border-slate-200 px-2 py-1.5 text-left text-sm hover:bg-slate-50"
                  >
                    <span className="truncate">Add {option.name}</span>
                    {option.audienceSizeUpperBound !== null && (
                      <span className="shrink-0 text-xs text-slate-500">
                        up to {option.audienceSizeUpperBound.toLocaleString('en-US')}
                      </span>
                    )}
                  </button>
                </li>
              ))}
          </ul>
        )
      ) : null}
    </div>
  )
}

export function Done({ children }: { children: ReactNode }) {
  return (
    <p
      className="flex items-center gap-2 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900"
      role="status"
    >
      <Check className="size-4 shrink-0" aria-hidden="true" />
      <span className="min-w-0 break-words">{children}</span>
    </p>
  )
}
