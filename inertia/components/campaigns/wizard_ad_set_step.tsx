import { useMemo, useState, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Field } from '~/components/ui/field'
import { Input } from '~/components/ui/input'
import {
  Done,
  StepWrite,
  TargetingPicker,
  type TargetingOption,
} from '~/components/campaigns/wizard_parts'
import { PromotedObjectFields } from '~/components/campaigns/wizard_promoted_object'
import { actionFailure, actionUrl, parseMoneyInput } from '~/lib/campaigns'
import type { AudienceSizeEstimate, PromotedObjectKind, WriteResult } from '~/types'

/** Special Ad Categories whose audiences cannot be narrowed by age (Meta's rule). */
const RESTRICTED = ['HOUSING', 'EMPLOYMENT', 'CREDIT', 'FINANCIAL_PRODUCTS_SERVICES']

/**
 * The wizard's ad set step: name, daily budget, countries and interests (`search_targeting`)
 * with the audience size (`estimate_audience_size`), ages unless the Special Ad Category forbids
 * them, and the promoted object the objective needs (pixel and event, Page, or app). Creates
 * the ad set PAUSED in `campaign` through its preview; `whenConfirmFails` is shown when Meta
 * refuses the confirmed creation.
 */
export function AdSetStep({
  campaign,
  adAccountId,
  currency,
  category,
  promotedObject: kind,
  conversionEvents,
  defaultEvent,
  onCreated,
  whenConfirmFails,
}: {
  campaign: WriteResult
  adAccountId: string
  currency: string
  category: string
  promotedObject: PromotedObjectKind | null
  conversionEvents: string[]
  defaultEvent: string
  /** The created ad set and the promoted object it was created with. */
  onCreated: (result: WriteResult, promoted: Record<string, string> | null) => void
  whenConfirmFails: ReactNode
}) {
  const [name, setName] = useState(`${campaign.name} ad set`)
  const [budgetText, setBudgetText] = useState('')
  const [countries, setCountries] = useState<TargetingOption[]>([])
  const [interests, setInterests] = useState<TargetingOption[]>([])
  const [ageMin, setAgeMin] = useState('18')
  const [ageMax, setAgeMax] = useState('65')
  const [promoted, setPromoted] = useState<Record<string, string> | null>(null)

  const restricted = RESTRICTED.includes(category)
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
    enabled: targeting !== null,
  })

  const budget = parseMoneyInput(budgetText, currency)
  const ages = Number(ageMin) <= Number(ageMax)
  const promotedReady = kind === null || promoted !== null
  const input =
    campaign.objectId && name.trim() && budget !== null && targeting && ages && promotedReady
      ? {
          campaignId: campaign.objectId,
          name: name.trim(),
          dailyBudget: budget,
          targeting,
          ...(kind && promoted ? { promotedObject: promoted } : {}),
        }
      : null
  const missing = [
    'Give the ad set a name, a daily budget and at least one country (minimum age at most the maximum)',
    kind === 'pixel' && !promoted ? 'choose a pixel and a conversion event' : null,
    kind === 'page' && !promoted ? 'choose the Page' : null,
    kind === 'app' && !promoted ? 'choose the app and its store' : null,
  ].filter(Boolean)

  return (
    <section className="grid gap-4" aria-label="Ad set">
      <Done>Campaign “{campaign.name}” created, paused.</Done>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="wizard-ad-set-name" label="Ad set name">
          <Input
            id="wizard-ad-set-name"
            value={name}
            maxLength={200}
            onChange={(event) => setName(event.target.value)}
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
      {kind && (
        <PromotedObjectFields
          kind={kind}
          adAccountId={adAccountId}
          conversionEvents={conversionEvents}
          defaultEvent={defaultEvent}
          onChange={setPromoted}
        />
      )}
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
        input={input}
        invalid={input ? null : `${missing.join(', and ')}.`}
        confirmLabel="Create ad set (paused)"
        onDone={(result) => onCreated(result, kind ? promoted : null)}
        whenConfirmFails={whenConfirmFails}
      />
    </section>
  )
}
