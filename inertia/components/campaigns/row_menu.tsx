import { DropdownMenu } from 'radix-ui'
import { MoreHorizontal } from 'lucide-react'
import { Button } from '~/components/ui/button'
import {
  DUPLICATE_ACTION,
  ID_FIELD,
  KIND_LABEL,
  type TreeHandlers,
  type TreeObject,
} from '~/components/campaigns/campaign_tree_types'
import { cn } from '~/lib/utils'

/**
 * A row's actions (Details, Duplicate, Archive) in a Radix dropdown menu. Duplicate and
 * Archive go through `handlers.onWrite` (a preview, then a confirmed write).
 */
export function RowMenu({ object, handlers }: { object: TreeObject; handlers: TreeHandlers }) {
  const kind = KIND_LABEL[object.kind]
  const duplicateInput: Record<string, unknown> = { [ID_FIELD[object.kind]]: object.id }
  if (object.kind !== 'ad') duplicateInput.deepCopy = true
  const itemClass =
    'cursor-pointer rounded px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-slate-100'
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button type="button" variant="ghost" size="icon" aria-label={`Actions for ${object.name}`}>
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          className="z-40 min-w-40 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
        >
          <DropdownMenu.Item className={itemClass} onSelect={() => handlers.onDetails(object)}>
            Details
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className={itemClass}
            onSelect={() =>
              handlers.onWrite({
                title: `Duplicate ${kind.toLowerCase()} “${object.name}”`,
                action: DUPLICATE_ACTION[object.kind],
                input: duplicateInput,
                confirmLabel: 'Duplicate',
                successTitle: `${kind} duplicated`,
              })
            }
          >
            Duplicate
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className={cn(itemClass, 'text-red-700')}
            onSelect={() =>
              handlers.onWrite({
                title: `Archive ${kind.toLowerCase()} “${object.name}”`,
                action: 'archive_object',
                input: { objectType: object.kind, objectId: object.id },
                confirmLabel: 'Archive',
                successTitle: `${kind} archived`,
                destructive: true,
              })
            }
          >
            Archive
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}
