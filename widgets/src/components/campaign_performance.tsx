import { useEffect, useId, useState } from 'react'
import { useCampaignPerformance } from '../hooks.js'
import { useEmbedContext } from '../provider.js'
import { WidgetFrame, formatNumber } from './frame.js'
import { BarChart } from './bar_chart.js'
import type { EmbedCampaignPerformance } from '../types.js'
import { metaCurrencyExponent } from '../currency.js'

type Preset = 'last_7d' | 'last_14d' | 'last_30d'
const PRESETS: { value: Preset; label: string }[] = [
  { value: 'last_7d', label: 'Last 7 days' },
  { value: 'last_14d', label: 'Last 14 days' },
  { value: 'last_30d', label: 'Last 30 days' },
]

/** Meta minor units of `currency` (its currency offsets) as money in the reader's locale. */
function money(minor: number, currency: string) {
  const digits = metaCurrencyExponent(currency)
  const format = new Intl.NumberFormat(undefined, {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  })
  return format.format(minor / 10 ** digits)
}

/**
 * Meta ad performance of one of the session's ad accounts: spend, impressions, clicks, CTR,
 * results (purchases), cost per result and ROAS, with daily spend. A period picker, and an
 * ad account picker when the session allows more than one.
 */
export function CampaignPerformance({
  title = 'Campaign performance',
  adAccountId,
  datePreset = 'last_30d',
}: {
  title?: string
  adAccountId?: string
  datePreset?: Preset
}) {
  const { client, generation } = useEmbedContext()
  const [accounts, setAccounts] = useState<string[]>([])
  const [account, setAccount] = useState(adAccountId)
  const [preset, setPreset] = useState<Preset>(datePreset)
  const periodId = useId()
  const accountId = useId()
  useEffect(() => {
    client.sessionInfo().then(
      (info) => setAccounts(info.adAccountIds),
      () => {}
    )
  }, [client, generation])
  const performance = useCampaignPerformance({ adAccountId: account, datePreset: preset })

  return (
    <WidgetFrame
      title={title}
      resource={performance}
      isEmpty={(data: EmbedCampaignPerformance) => data.daily.length === 0}
      emptyText="No delivery in this period."
    >
      {(data: EmbedCampaignPerformance) => {
        const totals = data.totals
        const figures: [string, string][] = [
          ['Spend', money(totals.spend, data.currency)],
          ['Impressions', formatNumber(totals.impressions)],
          ['Clicks', formatNumber(totals.clicks)],
          ['CTR', totals.ctr === null ? '—' : `${formatNumber(totals.ctr)}%`],
          ['Results', formatNumber(totals.results)],
          [
            'Cost per result',
            totals.costPerResult === null ? '—' : money(totals.costPerResult, data.currency),
          ],
          ['ROAS', totals.roas === null ? '—' : `${formatNumber(totals.roas)}×`],
        ]
        return (
          <>
            <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBottom: 12 }}>
              <label htmlFor={periodId} className="adrelay-sr-only">
                Period
              </label>
              <select
                id={periodId}
                className="adrelay-select"
                value={preset}
                onChange={(event) => setPreset(event.target.value as Preset)}
              >
                {PRESETS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
              {accounts.length > 1 && (
                <>
                  <label htmlFor={accountId} className="adrelay-sr-only">
                    Ad account
                  </label>
                  <select
                    id={accountId}
                    className="adrelay-select"
                    value={account ?? data.adAccountId}
                    onChange={(event) => setAccount(event.target.value)}
                  >
                    {accounts.map((id) => (
                      <option key={id} value={id}>
                        {id}
                      </option>
                    ))}
                  </select>
                </>
              )}
            </div>
            <dl className="adrelay-grid">
              {figures.map(([name, value]) => (
                <div key={name}>
                  <dt>{name}</dt>
                  <dd data-adrelay-figure={name}>{value}</dd>
                </div>
              ))}
            </dl>
            <BarChart
              label={`Spend per day, ${data.adAccountId}`}
              valueLabel="Spend"
              format={(value) => money(value, data.currency)}
              points={data.daily.map((day) => ({ key: day.date, value: day.spend }))}
            />
          </>
        )
      }}
    </WidgetFrame>
  )
}
