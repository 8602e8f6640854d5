/**
 * Currency helpers. Meta sends budgets, spend caps and `amount_spent` as strings of integer
 * minor units ("5000" = 50.00 USD) and insights money fields (`spend`, `cpc`...) as decimal
 * strings in major units ("50.00"). Adrelay exposes money as integer minor units + ISO code.
 */
import { metaCurrencyExponent } from '#meta/currency_offsets'

/**
 * Number of minor-unit digits of an ad account currency as Meta counts them (USD 2, JPY 0,
 * HUF 0, BHD 2): Meta's currency offsets (`metaCurrencyExponent`), not ISO 4217.
 */
export function currencyExponent(currency: string): number {
  return metaCurrencyExponent(currency)
}

/** "50.00" (major units) → 5000 (minor units), rounded to the nearest minor unit. */
export function majorStringToMinor(value: unknown, currency: string): number | null {
  const parsed = Number(value)
  if (value === undefined || value === null || value === '' || !Number.isFinite(parsed)) return null
  return Math.round(parsed * 10 ** currencyExponent(currency))
}

/** Like majorStringToMinor but keeps fractions (unit prices such as CPC, CPM). */
export function majorStringToMinorFraction(value: unknown, currency: string): number | null {
  const parsed = Number(value)
  if (value === undefined || value === null || value === '' || !Number.isFinite(parsed)) return null
  return Math.round(parsed * 10 ** currencyExponent(currency) * 10_000) / 10_000
}

/** 5000 (minor) → "50.00" (major, as Meta formats insights money). */
export function minorToMajorString(minor: number, currency: string, digits?: number): string {
  const exponent = currencyExponent(currency)
  return (minor / 10 ** exponent).toFixed(digits ?? exponent)
}

/** "5000" (Meta minor-unit string) → 5000; empty, "0" for caps, or missing → null when `zeroIsNull`. */
export function minorStringToInt(value: unknown, zeroIsNull = false): number | null {
  if (value === undefined || value === null || value === '') return null
  const parsed = Number(value)
  if (!Number.isFinite(parsed)) return null
  if (zeroIsNull && parsed === 0) return null
  return Math.round(parsed)
}
