import type { ReactNode } from 'react'
import { useMutation } from '@tanstack/react-query'
import { Loader2, Trash2 } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { FailureAlert } from '~/components/campaigns/write_preview'
import { runWrite } from '~/hooks/use_campaigns'
import { actionFailure } from '~/lib/campaigns'
import type { WriteResult } from '~/types'

/** What the wizard has created at Meta so far (null: not yet). */
export interface WizardDraft {
  campaign: WriteResult | null
  adSet: WriteResult | null
  ad: WriteResult | null
}

/** `the campaign “Spring”, its ad set “Spring ad set” and its ad “Spring ad”`. */
export function draftWords(draft: WizardDraft): string {
  const parts = [`the campaign “${draft.campaign?.name}”`]
  if (draft.adSet) parts.push(`its ad set “${draft.adSet.name}”`)
  if (draft.ad) parts.push(`its ad “${draft.ad.name}”`)
  return parts.length === 1
    ? parts[0]
    : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`
}

/**
 * Says what a half-made campaign left at Meta (paused, so nothing delivers) and deletes it in
 * one click: `delete_object` on the campaign, which Meta applies to its ad sets and ads too.
 * The click is the confirmation (the button names what goes). `onDeleted` gets the words of
 * what was deleted.
 */
export function DraftCleanup({
  draft,
  situation,
  onDeleted,
  children,
}: {
  draft: WizardDraft
  /** The sentence before the offer, e.g. "The ad set was not created." */
  situation: string
  onDeleted: (what: string) => void
  /** Other choices, shown before the delete button. */
  children?: ReactNode
}) {
  const what = draftWords(draft)
  const remove = useMutation({
    mutationFn: () =>
      runWrite('delete_object', {
        objectType: 'campaign',
        objectId: draft.campaign!.objectId,
        confirm: true,
      }),
    onSuccess: () => onDeleted(what),
  })
  if (!draft.campaign?.objectId) return null
  return (
    <div
      className="grid gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950"
      data-testid="draft-cleanup"
    >
      <p className="[overflow-wrap:anywhere]">
        {situation} {what.charAt(0).toUpperCase() + what.slice(1)} {draft.adSet ? 'are' : 'is'}{' '}
        already created at Meta, paused: nothing delivers until you publish.
      </p>
      {remove.error && <FailureAlert failure={actionFailure(remove.error)} />}
      <div className="flex flex-wrap justify-end gap-2">
        {children}
        <Button
          type="button"
          variant="destructive"
          size="sm"
          disabled={remove.isPending}
          onClick={() => remove.mutate()}
        >
          {remove.isPending ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <Trash2 aria-hidden="true" />
          )}
          Delete what was created
        </Button>
      </div>
    </div>
  )
}
