import { useState, type FormEvent } from 'react'
import { Loader2 } from 'lucide-react'
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
import { useUpdateApiKey } from '~/hooks/use_api_keys'
import type { ListedApiKey } from '~/types'

/**
 * Client settings of one key (issue 17): the client it is for and its own monthly request
 * limit. Blank fields clear them. The server refuses a limit above the plan's quota (422
 * `key_limit_above_quota`), shown under the form.
 */
export function ClientKeyDialog({
  apiKey,
  quota,
  onClose,
}: {
  apiKey: ListedApiKey | null
  quota: number
  onClose: () => void
}) {
  return (
    <Dialog open={apiKey !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        {apiKey && <ClientKeyForm key={apiKey.id} apiKey={apiKey} quota={quota} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  )
}

function ClientKeyForm({
  apiKey,
  quota,
  onDone,
}: {
  apiKey: ListedApiKey
  quota: number
  onDone: () => void
}) {
  const [label, setLabel] = useState(apiKey.label ?? '')
  const [limit, setLimit] = useState(
    apiKey.monthlyLimit === null ? '' : String(apiKey.monthlyLimit)
  )
  const update = useUpdateApiKey()

  function submit(event: FormEvent) {
    event.preventDefault()
    update.mutate(
      {
        id: apiKey.id,
        label: label.trim() === '' ? null : label.trim(),
        monthlyLimit: limit.trim() === '' ? null : Number(limit),
      },
      { onSuccess: onDone }
    )
  }

  return (
    <form onSubmit={submit} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Client settings</DialogTitle>
        <DialogDescription>
          Give this key to one client: name the client and cap its monthly requests below your
          plan's quota of {quota.toLocaleString('en-US')}.
        </DialogDescription>
      </DialogHeader>
      <Field id="client-key-label" label="Client label">
        <Input
          id="client-key-label"
          value={label}
          maxLength={100}
          placeholder="Acme Dental"
          onChange={(event) => setLabel(event.target.value)}
        />
      </Field>
      <Field id="client-key-limit" label="Monthly request limit">
        <Input
          id="client-key-limit"
          type="number"
          inputMode="numeric"
          min={1}
          max={quota}
          step={1}
          value={limit}
          placeholder="No limit of its own"
          onChange={(event) => setLimit(event.target.value)}
        />
      </Field>
      {update.isError && (
        <p role="alert" className="text-sm text-red-700">
          {update.error.message}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
          Save
        </Button>
      </DialogFooter>
    </form>
  )
}
