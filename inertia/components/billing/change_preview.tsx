import { Loader2 } from 'lucide-react'
import { Button } from '~/components/ui/button'
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '~/components/ui/card'
import { effectiveDateLabel } from '~/lib/billing'
import type { SubscriptionPreview } from '~/types'

/**
 * The change-preview screen 'Confirm Subscription Change' (spec §2): current plan, new plan,
 * change type, effective date, the billing changes (proration description), the server's
 * message, and Confirm Upgrade/Downgrade and Cancel.
 */
export function ChangePreview({
  preview,
  confirming,
  onConfirm,
  onCancel,
}: {
  preview: SubscriptionPreview
  confirming: boolean
  onConfirm: () => void
  onCancel: () => void
}) {
  const rows: Array<[string, string, string]> = [
    ['Current Plan', preview.currentPlan.name, 'preview-current-plan'],
    ['New Plan', preview.newPlan.name, 'preview-new-plan'],
    ['Change Type', preview.isUpgrade ? 'Upgrade' : 'Downgrade', 'preview-change-type'],
    ['Effective Date', effectiveDateLabel(preview), 'preview-effective-date'],
  ]
  return (
    <Card className="mx-auto max-w-xl">
      <CardHeader>
        <CardTitle as="h2" className="text-xl">
          Confirm Subscription Change
        </CardTitle>
        <CardDescription>Review the change before confirming it.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          {rows.map(([label, value, testId]) => (
            <div key={label} className="contents">
              <dt className="text-slate-600">{label}</dt>
              <dd className="font-medium text-slate-900" data-testid={testId}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
        <section
          aria-labelledby="billing-changes"
          className="rounded-lg border border-indigo-200 bg-indigo-50 p-4 text-sm"
        >
          <h3 id="billing-changes" className="font-semibold text-indigo-950">
            Billing changes
          </h3>
          <p className="mt-1 text-indigo-950" data-testid="preview-proration">
            {preview.proration.description}
          </p>
        </section>
        <p className="text-sm text-slate-700" data-testid="preview-message">
          {preview.message}
        </p>
      </CardContent>
      <CardFooter className="flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel} disabled={confirming}>
          Cancel
        </Button>
        <Button type="button" onClick={onConfirm} disabled={confirming}>
          {confirming && <Loader2 className="animate-spin" aria-hidden="true" />}
          {preview.isUpgrade ? 'Confirm Upgrade' : 'Confirm Downgrade'}
        </Button>
      </CardFooter>
    </Card>
  )
}
