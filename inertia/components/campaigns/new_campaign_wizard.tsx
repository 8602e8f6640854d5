// Past 400 lines: the campaign, creative, ad and publish steps and the state they share live
// here; the ad set step, its promoted object and the draft clean-up have files of their own.
import { useEffect, useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Check, Loader2 } from 'lucide-react'
import { Button } from '~/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog'
import { Field } from '~/components/ui/field'
import { Input } from '~/components/ui/input'
import { FailureAlert, WritePreviewPanel } from '~/components/campaigns/write_preview'
import {
  Done,
  ListSelect,
  SelectField,
  StepWrite,
  enumLabel,
} from '~/components/campaigns/wizard_parts'
import { AdSetStep } from '~/components/campaigns/wizard_ad_set_step'
import { DraftCleanup, type WizardDraft } from '~/components/campaigns/wizard_draft'
import { toast } from '~/hooks/use_toast'
import { isActionQuery, runWrite, uploadAdImage } from '~/hooks/use_campaigns'
import { actionFailure, actionUrl, OBJECTIVE_LABELS } from '~/lib/campaigns'
import { publishInOrder } from '~/lib/wizard_publish'
import { cn } from '~/lib/utils'
import type { ListPagesResult, PromotedObjectKind, WriteResult } from '~/types'

const STEPS = ['Campaign', 'Ad set', 'Creative', 'Ad', 'Publish'] as const

/** The conversion event a pixel ad set starts with, per objective (Sales: purchases). */
const DEFAULT_EVENT: Record<string, string> = { OUTCOME_SALES: 'PURCHASE', OUTCOME_LEADS: 'LEAD' }

/**
 * "New campaign": campaign → ad set (targeting, audience size and the promoted object the
 * objective needs, `wizard_ad_set_step.tsx`) → creative (Page from `list_pages`, image
 * through the multipart upload) → ad, each previewed and created PAUSED, then Publish
 * previews and applies ACTIVE on the ad, the ad set and the campaign (in that order, so
 * nothing delivers before all three are on; a refusal part-way switches back what was
 * switched on). When a step fails after the campaign exists, or the wizard is closed before
 * publishing, it says what is left at Meta and offers to delete it in one click.
 */
export default function NewCampaignWizard({
  open,
  onOpenChange,
  adAccountId,
  currency,
  objectives,
  specialAdCategories,
  callToActions,
  promotedObjects,
  conversionEvents,
  imageMaxBytes,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  adAccountId: string
  currency: string
  objectives: string[]
  specialAdCategories: string[]
  callToActions: string[]
  /** What an ad set of each objective promotes (its default optimization goal's need). */
  promotedObjects: Record<string, PromotedObjectKind | null>
  conversionEvents: string[]
  imageMaxBytes: number
}) {
  const queryClient = useQueryClient()
  const [step, setStep] = useState(0)
  const refresh = () =>
    queryClient.invalidateQueries({ predicate: (query) => isActionQuery(query.queryKey) })

  // Campaign
  const [campaignName, setCampaignName] = useState('')
  const [objective, setObjective] = useState('OUTCOME_TRAFFIC')
  const [category, setCategory] = useState('')
  const [campaign, setCampaign] = useState<WriteResult | null>(null)
  // Ad set (its form is the step's own)
  const [adSet, setAdSet] = useState<WriteResult | null>(null)
  // Creative
  const [pageId, setPageId] = useState('')
  const [file, setFile] = useState<File | null>(null)
  const [image, setImage] = useState<WriteResult | null>(null)
  const [link, setLink] = useState('')
  const [message, setMessage] = useState('')
  const [headline, setHeadline] = useState('')
  const [callToAction, setCallToAction] = useState('LEARN_MORE')
  const [creative, setCreative] = useState<WriteResult | null>(null)
  // Ad
  const [adName, setAdName] = useState('')
  const [ad, setAd] = useState<WriteResult | null>(null)
  // A draft deleted at Meta (what it was), and the "leave the wizard?" question
  const [deleted, setDeleted] = useState<string | null>(null)
  const [leaving, setLeaving] = useState(false)

  const draft: WizardDraft = { campaign, adSet, ad }

  const pages = useQuery<ListPagesResult>({
    queryKey: [actionUrl('list_pages', { adAccountId })],
    enabled: step === 2,
  })
  useEffect(() => {
    if (!pageId && pages.data?.pages[0]) setPageId(pages.data.pages[0].id)
  }, [pages.data, pageId])

  const imageHash = (image?.object as { hash?: string } | null)?.hash ?? null

  const campaignInput = campaignName.trim()
    ? {
        adAccountId,
        name: campaignName.trim(),
        objective,
        specialAdCategories: category ? [category] : [],
      }
    : null
  const creativeInput =
    pageId && imageHash && link.trim() && message.trim()
      ? {
          adAccountId,
          name: `${campaignName.trim() || 'Campaign'} creative`,
          pageId,
          link: link.trim(),
          messages: [message.trim()],
          ...(headline.trim() ? { headlines: [headline.trim()] } : {}),
          callToAction,
          imageHash,
        }
      : null
  const adInput =
    adSet?.objectId && creative?.objectId && adName.trim()
      ? { adSetId: adSet.objectId, creativeId: creative.objectId, name: adName.trim() }
      : null

  const publish = useMutation({
    mutationFn: async (confirm: boolean) => {
      const results = await publishInOrder(
        [
          {
            action: 'update_ad_status',
            input: { adId: ad!.objectId },
            what: `the ad “${ad!.name}”`,
          },
          {
            action: 'update_ad_set_status',
            input: { adSetId: adSet!.objectId },
            what: `the ad set “${adSet!.name}”`,
          },
          {
            action: 'update_campaign_status',
            input: { campaignId: campaign!.objectId },
            what: `the campaign “${campaign!.name}”`,
          },
        ],
        runWrite,
        confirm
      )
      return { confirm, results }
    },
    onSuccess: async ({ confirm }) => {
      if (!confirm) return
      toast({ title: 'Campaign published', description: 'The campaign, ad set and ad are active.' })
      await refresh()
      onOpenChange(false)
    },
  })

  const created = (label: string, result: WriteResult, next: number) => {
    toast({ title: `${label} created`, description: `${result.name} (paused)` })
    void refresh()
    setStep(next)
  }

  /** After the draft was deleted at Meta: back to a fresh campaign step, the form kept. */
  const restart = (what: string) => {
    toast({ title: 'Draft deleted', description: `Deleted at Meta: ${what}.` })
    void refresh()
    setDeleted(what)
    setCampaign(null)
    setAdSet(null)
    setImage(null)
    setCreative(null)
    setAd(null)
    setLeaving(false)
    setStep(0)
  }

  const unpublished = campaign !== null && !publish.data?.confirm
  const close = (next: boolean) => {
    if (!next && unpublished && !leaving) {
      setLeaving(true)
      return
    }
    onOpenChange(next)
  }
  const keepDraft = () => {
    toast({
      title: 'Draft kept',
      description: 'What was created stays paused in the ad account; nothing delivers.',
    })
    onOpenChange(false)
  }

  const cleanup = (situation: string) => (
    <DraftCleanup draft={draft} situation={situation} onDeleted={restart} />
  )

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-2xl" data-testid="new-campaign-wizard">
        <DialogHeader>
          <DialogTitle>New campaign</DialogTitle>
          <DialogDescription>
            Everything is created paused. Each step shows the exact request before it reaches Meta;
            Publish switches it all on at the end.
          </DialogDescription>
        </DialogHeader>
        <ol className="flex flex-wrap gap-x-3 gap-y-1 text-xs" aria-label="Steps">
          {STEPS.map((label, index) => (
            <li
              key={label}
              aria-current={index === step ? 'step' : undefined}
              className={cn(
                'flex items-center gap-1',
                index === step
                  ? 'font-semibold text-indigo-700'
                  : index < step
                    ? 'text-emerald-700'
                    : 'text-slate-500'
              )}
            >
              {index < step ? <Check className="size-3" aria-hidden="true" /> : `${index + 1}.`}
              {label}
            </li>
          ))}
        </ol>

        {leaving && (
          <section className="grid gap-3" aria-label="Leave the wizard">
            <DraftCleanup
              draft={draft}
              situation="Leave without publishing?"
              onDeleted={(what) => {
                toast({ title: 'Draft deleted', description: `Deleted at Meta: ${what}.` })
                void refresh()
                onOpenChange(false)
              }}
            >
              <Button type="button" variant="ghost" size="sm" onClick={() => setLeaving(false)}>
                Back to the wizard
              </Button>
              <Button type="button" variant="outline" size="sm" onClick={keepDraft}>
                Keep it paused
              </Button>
            </DraftCleanup>
          </section>
        )}

        {!leaving && step === 0 && (
          <section className="grid gap-4" aria-label="Campaign">
            {deleted && (
              <p className="rounded-lg bg-slate-100 p-3 text-sm text-slate-800" role="status">
                Deleted at Meta: {deleted}. Change what you need and create the campaign again.
              </p>
            )}
            <Field id="wizard-campaign-name" label="Campaign name">
              <Input
                id="wizard-campaign-name"
                value={campaignName}
                maxLength={200}
                onChange={(event) => setCampaignName(event.target.value)}
              />
            </Field>
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField
                id="wizard-objective"
                label="Objective"
                value={objective}
                onChange={setObjective}
                options={objectives.map((value) => ({
                  value,
                  label: OBJECTIVE_LABELS[value] ?? value,
                }))}
              />
              <SelectField
                id="wizard-category"
                label="Special ad category"
                value={category}
                onChange={setCategory}
                options={[
                  { value: '', label: 'None' },
                  ...specialAdCategories
                    .filter((value) => value !== 'NONE')
                    .map((value) => ({ value, label: enumLabel(value) })),
                ]}
              />
            </div>
            <p className="text-xs text-slate-600">
              The budget is set on the ad set in the next step.
            </p>
            <StepWrite
              action="create_campaign"
              input={campaignInput}
              invalid={campaignInput ? null : 'Give the campaign a name.'}
              confirmLabel="Create campaign (paused)"
              onDone={(result) => {
                setCampaign(result)
                setDeleted(null)
                created('Campaign', result, 1)
              }}
            />
          </section>
        )}

        {!leaving && step === 1 && campaign && (
          <AdSetStep
            campaign={campaign}
            adAccountId={adAccountId}
            currency={currency}
            category={category}
            promotedObject={promotedObjects[objective] ?? null}
            conversionEvents={conversionEvents}
            defaultEvent={DEFAULT_EVENT[objective] ?? 'PURCHASE'}
            whenConfirmFails={cleanup('The ad set was not created.')}
            onCreated={(result, promoted) => {
              setAdSet(result)
              // The creative promotes what the ad set does (Meta: the same Page; the app's
              // store listing with an install button).
              if (promoted?.page_id) setPageId(promoted.page_id)
              if (promoted?.object_store_url) {
                if (!link) setLink(promoted.object_store_url)
                if (callToActions.includes('INSTALL_MOBILE_APP'))
                  setCallToAction('INSTALL_MOBILE_APP')
              }
              if (!adName) setAdName(`${campaign.name} ad`)
              created('Ad set', result, 2)
            }}
          />
        )}

        {!leaving && step === 2 && (
          <section className="grid gap-4" aria-label="Creative">
            <Done>Ad set “{adSet?.name}” created, paused.</Done>
            <ListSelect
              id="wizard-page"
              label="Facebook Page"
              query={pages}
              items={pages.data?.pages}
              value={pageId}
              onChange={setPageId}
              empty="This ad account cannot promote any Page: add one in Meta Business Settings."
            />
            <div className="grid gap-2">
              <Field
                id="wizard-image"
                label={`Image (JPEG, PNG, GIF, BMP or TIFF, up to ${imageMaxBytes / 1024 / 1024} MB)`}
              >
                <input
                  id="wizard-image"
                  type="file"
                  accept="image/jpeg,image/png,image/gif,image/bmp,image/tiff"
                  className="block w-full min-w-0 text-sm file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2"
                  onChange={(event) => {
                    setFile(event.target.files?.[0] ?? null)
                    setImage(null)
                  }}
                />
              </Field>
              {imageHash ? (
                <Done>
                  Image uploaded: <code className="font-mono">{imageHash}</code>
                </Done>
              ) : (
                <StepWrite
                  action="upload_ad_image"
                  input={file ? { adAccountId, fileName: file.name, size: file.size } : null}
                  invalid={
                    file === null
                      ? 'Choose an image.'
                      : file.size > imageMaxBytes
                        ? `The image is larger than ${imageMaxBytes / 1024 / 1024} MB.`
                        : null
                  }
                  confirmLabel="Upload image"
                  run={(_action, input) =>
                    uploadAdImage({ adAccountId, file: file!, confirm: input.confirm === true })
                  }
                  onDone={(result) => setImage(result)}
                />
              )}
            </div>
            <Field id="wizard-link" label="Link (where people go)">
              <Input
                id="wizard-link"
                type="url"
                value={link}
                placeholder="https://"
                onChange={(event) => setLink(event.target.value)}
              />
            </Field>
            <Field id="wizard-message" label="Primary text">
              <textarea
                id="wizard-message"
                value={message}
                maxLength={2000}
                rows={3}
                onChange={(event) => setMessage(event.target.value)}
                className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
              />
            </Field>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field id="wizard-headline" label="Headline">
                <Input
                  id="wizard-headline"
                  value={headline}
                  maxLength={255}
                  onChange={(event) => setHeadline(event.target.value)}
                />
              </Field>
              <SelectField
                id="wizard-cta"
                label="Call to action"
                value={callToAction}
                onChange={setCallToAction}
                options={callToActions.map((value) => ({ value, label: enumLabel(value) }))}
              />
            </div>
            <StepWrite
              action="create_ad_creative"
              input={creativeInput}
              invalid={
                creativeInput ? null : 'Choose a Page, upload an image, and give a link and text.'
              }
              confirmLabel="Create creative"
              whenConfirmFails={cleanup('The creative was not created.')}
              onDone={(result) => {
                setCreative(result)
                created('Creative', result, 3)
              }}
            />
          </section>
        )}

        {!leaving && step === 3 && (
          <section className="grid gap-4" aria-label="Ad">
            <Done>Creative “{creative?.name}” created.</Done>
            <Field id="wizard-ad-name" label="Ad name">
              <Input
                id="wizard-ad-name"
                value={adName}
                maxLength={200}
                onChange={(event) => setAdName(event.target.value)}
              />
            </Field>
            <StepWrite
              action="create_ad"
              input={adInput}
              invalid={adInput ? null : 'Give the ad a name.'}
              confirmLabel="Create ad (paused)"
              whenConfirmFails={cleanup('The ad was not created.')}
              onDone={(result) => {
                setAd(result)
                created('Ad', result, 4)
              }}
            />
          </section>
        )}

        {!leaving && step === 4 && (
          <section className="grid gap-4" aria-label="Publish">
            <Done>
              Campaign “{campaign?.name}”, ad set “{adSet?.name}” and ad “{ad?.name}” are created
              and paused.
            </Done>
            {publish.data && !publish.data.confirm && (
              <div className="grid gap-3">
                {publish.data.results.map((result) => (
                  <WritePreviewPanel key={result.objectId} result={result} />
                ))}
              </div>
            )}
            {publish.error && <FailureAlert failure={actionFailure(publish.error)} />}
            <div className="flex flex-wrap justify-end gap-2">
              <Button type="button" variant="outline" onClick={keepDraft}>
                Keep paused
              </Button>
              {publish.data && !publish.data.confirm ? (
                <Button
                  type="button"
                  disabled={publish.isPending}
                  onClick={() => publish.mutate(true)}
                >
                  {publish.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
                  Publish
                </Button>
              ) : (
                <Button
                  type="button"
                  disabled={publish.isPending}
                  onClick={() => publish.mutate(false)}
                >
                  {publish.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
                  Preview publishing
                </Button>
              )}
            </div>
          </section>
        )}
      </DialogContent>
    </Dialog>
  )
}
