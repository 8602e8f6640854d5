import { useState, type ReactNode } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { AlertTriangle, ArrowRight, Loader2 } from 'lucide-react'
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog'
import { Skeleton } from '~/components/ui/skeleton'
import { toast } from '~/hooks/use_toast'
import { isActionQuery, runWrite } from '~/hooks/use_campaigns'
import { actionFailure, type ActionFailure } from '~/lib/campaigns'
import type { WriteResult } from '~/types'

/** Meta's refusal (or our pre-flight refusal) as the page shows it. */
export function FailureAlert({ failure }: { failure: ActionFailure }) {
  return (
    <Alert variant="destructive" role="alert" data-testid="action-failure">
      <AlertTriangle aria-hidden="true" />
      <div className="min-w-0">
        <AlertTitle>{failure.title}</AlertTitle>
        <AlertDescription className="break-words">{failure.message}</AlertDescription>
      </div>
    </Alert>
  )
}

/**
 * A write's preview as the API returns it: the message, warnings, the before → after table in
 * the server's words (labels, money in the account currency, objectives and statuses in words,
 * targeting summarised) and the exact Graph requests (path after the version; the token is
 * never part of them).
 */
export function WritePreviewPanel({ result }: { result: WriteResult }) {
  const changed = result.changes.filter((change) => change.before !== change.after)
  const shown = changed.length > 0 ? changed : result.changes
  return (
    <div className="grid min-w-0 gap-3" data-testid="write-preview">
      {result.warnings.map((warning) => (
        <Alert key={warning} variant="warning">
          <AlertTriangle aria-hidden="true" />
          <AlertDescription className="mt-0">{warning}</AlertDescription>
        </Alert>
      ))}
      {shown.length > 0 && (
        <div className="relative overflow-x-auto rounded-lg border border-slate-200">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Changes</caption>
            <thead className="bg-slate-50 text-xs text-slate-600">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Field
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Before
                </th>
                <th scope="col" className="sr-only">
                  to
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  After
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {shown.map((change) => (
                <tr key={change.field} data-testid={`change-${change.field}`}>
                  <th scope="row" className="px-3 py-2 font-medium text-slate-800">
                    {change.label}
                  </th>
                  <td className="px-3 py-2 [overflow-wrap:anywhere] text-slate-600">
                    {change.beforeText ?? '—'}
                  </td>
                  <td aria-hidden="true" className="text-slate-400">
                    <ArrowRight className="size-3.5" />
                  </td>
                  <td className="px-3 py-2 font-medium [overflow-wrap:anywhere] text-slate-950">
                    {change.afterText ?? '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <details className="rounded-lg border border-slate-200 p-3 text-sm" open>
        <summary className="cursor-pointer font-medium text-slate-800">
          Graph API {result.requests.length === 1 ? 'request' : 'requests'}
        </summary>
        <ol className="mt-2 grid gap-2">
          {result.requests.map((request, index) => (
            <li key={index} className="min-w-0" data-testid="graph-request">
              <p className="font-mono text-xs break-all text-slate-900">
                <span className="font-semibold">{request.method}</span> /{request.path}
              </p>
              <pre className="mt-1 max-h-40 overflow-auto rounded bg-slate-950 p-2 text-xs text-slate-100">
                {JSON.stringify(request.params, null, 2)}
              </pre>
            </li>
          ))}
        </ol>
      </details>
      <p className="text-xs text-slate-600">{result.message}</p>
    </div>
  )
}

/**
 * The preview/confirm dialog every write of the Campaigns page goes through, as the API does:
 * opening it calls the action without `confirm` (nothing reaches Meta) and shows the preview;
 * the confirm button calls it again with `confirm: true`. A budget more than 10 × the current
 * one is refused by the pre-flight check; the dialog then offers to preview it with `force`.
 * Refusals show Meta's own title and text (error_user_title / error_user_msg).
 */
export function WritePreviewDialog({
  open,
  onOpenChange,
  title,
  description,
  action,
  input,
  confirmLabel,
  successTitle,
  onApplied,
  destructive = false,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  description?: ReactNode
  action: string
  input: Record<string, unknown>
  confirmLabel: string
  successTitle: string
  onApplied?: (result: WriteResult) => void
  destructive?: boolean
}) {
  const queryClient = useQueryClient()
  const [force, setForce] = useState(false)
  const sent = force ? { ...input, force: true } : input
  const preview = useQuery({
    queryKey: ['write-preview', action, sent],
    queryFn: () => runWrite(action, sent),
    enabled: open,
    staleTime: 0,
    gcTime: 0,
  })
  const confirm = useMutation({
    mutationFn: () => runWrite(action, { ...sent, confirm: true }),
    onSuccess: async (result) => {
      toast({ title: successTitle, description: result.message })
      onOpenChange(false)
      setForce(false)
      onApplied?.(result)
      await queryClient.invalidateQueries({ predicate: (query) => isActionQuery(query.queryKey) })
    },
  })
  const failure = confirm.error
    ? actionFailure(confirm.error)
    : preview.error
      ? actionFailure(preview.error)
      : null
  const canForce = !force && failure?.code === 'meta_budget_increase_too_large'

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setForce(false)
          confirm.reset()
        }
        onOpenChange(next)
      }}
    >
      <DialogContent className="max-w-xl" data-testid="write-dialog">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {description ?? 'Check the change below: nothing is sent to Meta until you confirm.'}
          </DialogDescription>
        </DialogHeader>
        {preview.isLoading ? (
          <div className="grid gap-2" aria-busy="true">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-24 w-full" />
          </div>
        ) : preview.data ? (
          <WritePreviewPanel result={preview.data} />
        ) : null}
        {failure && <FailureAlert failure={failure} />}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          {canForce ? (
            <Button type="button" variant="destructive" onClick={() => setForce(true)}>
              Preview with more than 10× allowed
            </Button>
          ) : (
            <Button
              type="button"
              variant={destructive ? 'destructive' : 'default'}
              disabled={!preview.data || confirm.isPending}
              onClick={() => confirm.mutate()}
            >
              {confirm.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
              {confirmLabel}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
