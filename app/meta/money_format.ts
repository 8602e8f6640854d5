import { metaCurrencyExponent } from './currency_offsets.js'

/**
 * Minor units → money in `currency` (`$1,234.56`): the one money formatter of the app, used by
 * the screens (`inertia/lib/format.ts` re-exports it) and by the server's preview texts, so a
 * budget reads the same in a preview, a table and a CLI answer. Minor units are Meta's (its
 * currency offsets, `currency_offsets.ts`: 0 decimals for JPY, KRW, HUF, TWD..., 2 for every
 * other currency, BHD included), which is also what Stripe's USD amounts are; shown with that
 * many decimals. An unknown currency code prints as `1234.56 XYZ`. Pure: it imports nothing
 * but the offsets table, so the front end can import it.
 */
export function formatMoney(minor: number, currency: string, locale = 'en-US'): string {
  const digits = metaCurrencyExponent(currency)
  const major = minor / 10 ** digits
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: currency.toUpperCase(),
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(major)
  } catch {
    return `${major.toFixed(digits)} ${currency}`
  }
}
