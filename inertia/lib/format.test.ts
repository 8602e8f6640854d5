import { describe, expect, it } from 'vitest'
import { formatMoney, splitForMiddleTruncation } from '~/lib/format'

describe('splitForMiddleTruncation', () => {
  it('keeps the last path segment whole in the tail and loses nothing', () => {
    const path = '/api/v1/meta/update_campaign_status'
    const [head, tail] = splitForMiddleTruncation(path, 24)
    expect(tail).toBe('/update_campaign_status')
    expect(head + tail).toBe(path)
  })
  it('leaves short text whole and splits text without slashes by length', () => {
    expect(splitForMiddleTruncation('/api/v1/me', 16)).toEqual(['/api/v1/me', ''])
    expect(splitForMiddleTruncation('abcdefghijklmnopqrstuvwxyz', 4)).toEqual([
      'abcdefghijklmnopqrstuv',
      'wxyz',
    ])
    expect(splitForMiddleTruncation('', 4)).toEqual(['', ''])
  })
})

describe('formatMoney', () => {
  it("shows Meta minor units with Meta's decimals, not ISO 4217's", () => {
    expect(formatMoney(123456, 'USD')).toBe('$1,234.56')
    expect(formatMoney(5000, 'JPY')).toBe('¥5,000')
    // TWD is whole units at Meta (two decimals in ISO 4217); BHD hundredths (three in ISO).
    expect(formatMoney(5000, 'TWD')).toBe('NT$5,000')
    expect(formatMoney(5000, 'BHD')).toBe('BHD\u00a050.00')
  })
})
