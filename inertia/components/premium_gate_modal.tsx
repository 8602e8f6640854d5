import { Crown } from 'lucide-react'
import { Button } from '~/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog'

/**
 * The premium-gate modal 'Premium Feature' (spec §2 Usage dashboard): shown to users without an
 * active paid subscription. 'Upgrade to Pro' closes it and calls `onUpgrade` (open the plan
 * modal); 'Maybe later' just closes it.
 */
export function PremiumGateModal({
  open,
  onOpenChange,
  onUpgrade,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  onUpgrade: () => void
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader className="items-center pr-0 text-center">
          <span className="mb-2 grid size-12 place-items-center rounded-full bg-gradient-to-br from-amber-300 to-orange-500 text-white">
            <Crown className="size-6" aria-hidden="true" />
          </span>
          <DialogTitle>Premium Feature</DialogTitle>
          <DialogDescription>
            This feature is only available on paid plans. Upgrade to unlock advanced analytics and
            more.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter className="sm:justify-center">
          <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
            Maybe later
          </Button>
          <Button
            type="button"
            onClick={() => {
              onOpenChange(false)
              onUpgrade()
            }}
          >
            Upgrade to Pro
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
