/**
 * Meta's currency offsets (Marketing API, "Currency codes":
 * https://developers.facebook.com/docs/marketing-api/currencies): the embed API sends Meta
 * amounts (spend, cost per result) as integers in 1/offset of the ad account's currency, offset 1
 * (whole units) for these currencies and 100 for every other. Not ISO 4217's decimals (TWD and
 * CRC have two there, BHD and JOD three). The app's own table is app/meta/currency_offsets.ts;
 * tests/unit/embeds/widget_currency.spec.ts keeps the two equal.
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

/** Decimals of Meta's minor unit of `currency`: 0 for offset 1, else 2. */
export function metaCurrencyExponent(currency: string): number {
  return META_WHOLE_UNIT_CURRENCIES.has(currency.toUpperCase()) ? 0 : 2
}
