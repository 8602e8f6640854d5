import { useState, type ReactNode } from 'react'
import { Loader2, Trash2 } from 'lucide-react'
import { Button } from '~/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog'
import { Field } from '~/components/ui/field'
import { Input } from '~/components/ui/input'
import { deletionErrorText, useDeleteAccount } from '~/hooks/use_account_data'
import type { AccountDeletionResult } from '~/types'

/**
 * Confirms an account deletion by typing the account's email (compared case-insensitively, as
 * the server does); the Delete button stays disabled until it matches. Used by Profile →
 * Delete my account and by the admin's user detail. A failed attempt shows the server's reason
 * and can be retried: the deletion resumes where it stopped.
 */
export function DeleteAccountDialog({
  open,
  onOpenChange,
  email,
  url,
  title,
  description,
  confirmLabel,
  onDeleted,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The account's email, which must be typed. */
  email: string
  /** DELETE endpoint: `/api/account` or `/api/admin/users/:id`. */
  url: string
  title: string
  description: ReactNode
  confirmLabel: string
  onDeleted: (result: AccountDeletionResult) => void
}) {
  const [typed, setTyped] = useState('')
  const deletion = useDeleteAccount(url)
  const matches = typed.trim().toLowerCase() === email.toLowerCase()
  const close = (next: boolean) => {
    if (deletion.isPending) return
    if (!next) {
      setTyped('')
      deletion.reset()
    }
    onOpenChange(next)
  }
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription asChild>
            <div className="grid gap-2 text-sm text-slate-700">{description}</div>
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault()
            if (!matches || deletion.isPending) return
            deletion.mutate(typed.trim(), { onSuccess: onDeleted })
          }}
        >
          <Field
            id="delete-account-email"
            label={
              <>
                Type <span className="break-all font-mono">{email}</span> to confirm
              </>
            }
          >
            <Input
              id="delete-account-email"
              type="email"
              autoComplete="off"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              disabled={deletion.isPending}
            />
          </Field>
          {deletion.isError && (
            <p role="alert" className="text-sm text-red-700">
              {deletionErrorText(deletion.error)}
            </p>
          )}
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              onClick={() => close(false)}
              disabled={deletion.isPending}
            >
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={!matches || deletion.isPending}>
              {deletion.isPending ? (
                <Loader2 className="animate-spin" aria-hidden="true" />
              ) : (
                <Trash2 aria-hidden="true" />
              )}
              {deletion.isPending ? 'Deleting...' : confirmLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
