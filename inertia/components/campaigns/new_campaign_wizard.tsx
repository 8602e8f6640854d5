import { useEffect, useMemo, useState, type ReactNode } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Check, Loader2, Search, X } from 'lucide-react'
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
import { toast } from '~/hooks/use_toast'
import { isActionQuery, runWrite, uploadAdImage } from '~/hooks/use_campaigns'
import { actionFailure, actionUrl, OBJECTIVE_LABELS, parseMoneyInput } from '~/lib/campaigns'
import { cn } from '~/lib/utils'
import type {
  AudienceSizeEstimate,
  ListPagesResult,
  TargetingSearchResult,
  WriteResult,
} from '~/types'

const STEPS = ['Campaign', 'Ad set', 'Creative', 'Ad', 'Publish'] as const

const selectClass = 'h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm'

type Option = TargetingSearchResult['results'][number]

/** `FINANCIAL_PRODUCTS_SERVICES` → `financial products services`. */
function enumLabel(value: string) {
  return value.replace(/_/g, ' ').toLowerCase()
}

/** A labelled select over `options`. */
function SelectField({
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

/**
 * One write of the wizard: "Preview" calls the action without `confirm` and shows the exact
 * Graph request; the confirm button sends it. Editing the form after a preview hides the
 * preview, so what is confirmed is always what was shown.
 */
function StepWrite({
  action,
  input,
  invalid,
  confirmLabel,
  onDone,
  run = runWrite,
}: {
  action: string
  input: Record<string, unknown> | null
  /** Why the form cannot be previewed yet (shown instead of the button), or null. */
  invalid: string | null
  confirmLabel: string
  onDone: (result: WriteResult) => void
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
function TargetingPicker({
  id,
  label,
  type,
  selected,
  onChange,
}: {
  id: string
  label: string
  type: 'interests' | 'geo_locations'
  selected: Option[]
  onChange: (next: Option[]) => void
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

function Done({ children }: { children: ReactNode }) {
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

/**
 * "New campaign" (issue 15): campaign → ad set (countries and interests from
 * `search_targeting`, audience size from `estimate_audience_size`) → creative (Page from
 * `list_pages`, image through the multipart upload) → ad, each previewed and created PAUSED,
 * then Publish previews and applies ACTIVE on the ad, the ad set and the campaign (in that
 * order, so nothing delivers before all three are switched on).
 */
export default function NewCampaignWizard({
  open,
  onOpenChange,
  adAccountId,
  currency,
  objectives,
  specialAdCategories,
  callToActions,
  imageMaxBytes,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  adAccountId: string
  currency: string
  objectives: string[]
  specialAdCategories: string[]
  callToActions: string[]
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
  // Ad set
  const [adSetName, setAdSetName] = useState('')
  const [budgetText, setBudgetText] = useState('')
  const [countries, setCountries] = useState<Option[]>([])
  const [interests, setInterests] = useState<Option[]>([])
  const [ageMin, setAgeMin] = useState('18')
  const [ageMax, setAgeMax] = useState('65')
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

  const restricted = ['HOUSING', 'EMPLOYMENT', 'CREDIT', 'FINANCIAL_PRODUCTS_SERVICES'].includes(
    category
  )
  const targeting = useMemo(() => {
    if (countries.length === 0) return null
    const spec: Record<string, unknown> = {
      geo_locations: { countries: countries.map((option) => option.id) },
    }
    if (!restricted) {
      spec.age_min = Number(ageMin)
      spec.age_max = Number(ageMax)
    }
    if (interests.length > 0) {
      spec.interests = interests.map((option) => ({ id: option.id, name: option.name }))
    }
    return spec
  }, [countries, interests, ageMin, ageMax, restricted])

  const estimate = useQuery<AudienceSizeEstimate>({
    queryKey: [
      actionUrl('estimate_audience_size', {
        adAccountId,
        targeting,
        specialAdCategories: category ? [category] : undefined,
      }),
    ],
    enabled: step === 1 && targeting !== null,
  })

  const pages = useQuery<ListPagesResult>({
    queryKey: [actionUrl('list_pages', { adAccountId })],
    enabled: step === 2,
  })
  useEffect(() => {
    if (!pageId && pages.data?.pages[0]) setPageId(pages.data.pages[0].id)
  }, [pages.data, pageId])

  const budget = parseMoneyInput(budgetText, currency)
  const ages = Number(ageMin) <= Number(ageMax)
  const imageHash = (image?.object as { hash?: string } | null)?.hash ?? null

  const campaignInput = campaignName.trim()
    ? {
        adAccountId,
        name: campaignName.trim(),
        objective,
        specialAdCategories: category ? [category] : [],
      }
    : null
  const adSetInput =
    campaign?.objectId && adSetName.trim() && budget !== null && targeting && ages
      ? {
          campaignId: campaign.objectId,
          name: adSetName.trim(),
          dailyBudget: budget,
          targeting,
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
      const writes: Array<[string, Record<string, unknown>]> = [
        ['update_ad_status', { adId: ad!.objectId, status: 'ACTIVE' }],
        ['update_ad_set_status', { adSetId: adSet!.objectId, status: 'ACTIVE' }],
        ['update_campaign_status', { campaignId: campaign!.objectId, status: 'ACTIVE' }],
      ]
      const results: WriteResult[] = []
      for (const [name, input] of writes) results.push(await runWrite(name, { ...input, confirm }))
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

  const close = (next: boolean) => {
    if (!next && campaign && !ad) {
      toast({
        title: 'Draft kept',
        description: 'What was created stays paused in the ad account; nothing delivers.',
      })
    }
    onOpenChange(next)
  }

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

        {step === 0 && (
          <section className="grid gap-4" aria-label="Campaign">
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
                if (!adSetName) setAdSetName(`${result.name} ad set`)
                created('Campaign', result, 1)
              }}
            />
          </section>
        )}

        {step === 1 && (
          <section className="grid gap-4" aria-label="Ad set">
            <Done>Campaign “{campaign?.name}” created, paused.</Done>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field id="wizard-ad-set-name" label="Ad set name">
                <Input
                  id="wizard-ad-set-name"
                  value={adSetName}
                  maxLength={200}
                  onChange={(event) => setAdSetName(event.target.value)}
                />
              </Field>
              <Field id="wizard-budget" label={`Daily budget (${currency})`}>
                <Input
                  id="wizard-budget"
                  inputMode="decimal"
                  value={budgetText}
                  placeholder="20.00"
                  onChange={(event) => setBudgetText(event.target.value)}
                />
              </Field>
            </div>
            <TargetingPicker
              id="wizard-countries"
              label="Countries"
              type="geo_locations"
              selected={countries}
              onChange={setCountries}
            />
            {!restricted && (
              <div className="grid grid-cols-2 gap-4">
                <Field id="wizard-age-min" label="Minimum age">
                  <Input
                    id="wizard-age-min"
                    type="number"
                    min={18}
                    max={65}
                    value={ageMin}
                    onChange={(event) => setAgeMin(event.target.value)}
                  />
                </Field>
                <Field id="wizard-age-max" label="Maximum age">
                  <Input
                    id="wizard-age-max"
                    type="number"
                    min={18}
                    max={65}
                    value={ageMax}
                    onChange={(event) => setAgeMax(event.target.value)}
                  />
                </Field>
              </div>
            )}
            <TargetingPicker
              id="wizard-interests"
              label="Interests"
              type="interests"
              selected={interests}
              onChange={setInterests}
            />
            <p className="text-sm text-slate-700" role="status" data-testid="audience-estimate">
              {targeting === null
                ? 'Add at least one country to see the audience size.'
                : estimate.isFetching
                  ? 'Estimating the audience…'
                  : estimate.isError
                    ? actionFailure(estimate.error).message
                    : estimate.data?.ready
                      ? `Estimated audience: ${estimate.data.lowerBound?.toLocaleString('en-US')} – ${estimate.data.upperBound?.toLocaleString('en-US')} people`
                      : (estimate.data?.message ?? '')}
            </p>
            <StepWrite
              action="create_ad_set"
              input={adSetInput}
              invalid={
                adSetInput
                  ? null
                  : 'Give the ad set a name, a daily budget and at least one country (minimum age at most the maximum).'
              }
              confirmLabel="Create ad set (paused)"
              onDone={(result) => {
                setAdSet(result)
                if (!adName) setAdName(`${campaign?.name ?? 'New'} ad`)
                created('Ad set', result, 2)
              }}
            />
          </section>
        )}

        {step === 2 && (
          <section className="grid gap-4" aria-label="Creative">
            <Done>Ad set “{adSet?.name}” created, paused.</Done>
            <Field id="wizard-page" label="Facebook Page">
              {pages.isLoading ? (
                <p className="text-sm text-slate-600">Loading Pages…</p>
              ) : pages.isError ? (
                <FailureAlert failure={actionFailure(pages.error)} />
              ) : pages.data && pages.data.pages.length === 0 ? (
                <p className="text-sm text-slate-700">
                  This ad account cannot promote any Page: add one in Meta Business Settings.
                </p>
              ) : (
                <select
                  id="wizard-page"
                  className={selectClass}
                  value={pageId}
                  onChange={(event) => setPageId(event.target.value)}
                >
                  {pages.data?.pages.map((page) => (
                    <option key={page.id} value={page.id}>
                      {page.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
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
              onDone={(result) => {
                setCreative(result)
                created('Creative', result, 3)
              }}
            />
          </section>
        )}

        {step === 3 && (
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
              onDone={(result) => {
                setAd(result)
                created('Ad', result, 4)
              }}
            />
          </section>
        )}

        {step === 4 && (
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
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
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
