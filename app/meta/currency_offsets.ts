/**
 * Meta's currency offsets (Marketing API, "Currency codes":
 * https://developers.facebook.com/docs/marketing-api/currencies). Budgets, bids, spend caps
 * and `amount_spent` are integers in 1/offset of the ad account's currency: offset 1 (whole
 * units) for the currencies below, 100 for every other currency an ad account can have. This
 * is Meta's rule, not ISO 4217's: HUF, TWD, COP, CRC and IDR have two decimals in ISO 4217 but
 * offset 1 at Meta; BHD and JOD have three in ISO 4217 but offset 100 at Meta.
 *
 * Pure data without imports: the server (`#meta/services/currency`) and the front end
 * (`inertia/lib/campaigns.ts`) both read it, so a budget typed on a screen and the amount
 * sent to Meta use the same rule.
 */
export const META_WHOLE_UNIT_CURRENCIES: ReadonlySet<string> = new Set([
  'CLP',
  'COP',
  'CRC',
  'HUF',
  'IDR',
  'ISK',
  'JPY',
  'KRW',
  'PYG',
  'TWD',
  'VND',
])

/** Decimals of Meta's minor unit of `currency` (ISO code): 0 for offset 1, else 2 (offset 100). */
export function metaCurrencyExponent(currency: string): number {
  return META_WHOLE_UNIT_CURRENCIES.has(currency.toUpperCase()) ? 0 : 2
}
