import { describe, expect, it } from 'vitest'
import {
  monthYearLabel,
  resolveLimit,
  statusTone,
  successRate,
  successRateChangeText,
  usageLine,
  usagePercent,
} from '~/lib/usage_rules'

const calls = (...codes: number[]) => codes.map((statusCode) => ({ statusCode }))

describe('successRate', () => {
  it('is 99.2 when there are no calls', () => {
    expect(successRate([])).toBe(99.2)
    expect(successRate(undefined)).toBe(99.2)
  })
  it('counts 200-399 as success and rounds to one decimal', () => {
    expect(successRate(calls(200, 301, 404))).toBe(66.7)
    expect(successRate(calls(200, 399, 400, 199))).toBe(50)
    expect(successRate(calls(500))).toBe(0)
    expect(successRate(calls(204, 302))).toBe(100)
  })
})

describe('successRateChangeText', () => {
  it('says there is no data when last month had no calls', () => {
    expect(successRateChangeText(98, null)).toBe('No data for last month')
    expect(successRateChangeText(null, null)).toBe('No data for last month')
  })
  it('says so when this month has no calls yet, rather than comparing a default', () => {
    expect(successRateChangeText(null, 100)).toBe('No calls this month yet')
  })
  it('gives the signed change in points with one decimal', () => {
    expect(successRateChangeText(99.5, 99.2)).toBe('+0.3% from last month')
    expect(successRateChangeText(90, 95.25)).toBe('-5.3% from last month')
    expect(successRateChangeText(80, 80)).toBe('+0.0% from last month')
  })
})

describe('resolveLimit', () => {
  it('prefers the usage limit, then the plan limit, then 10000', () => {
    expect(resolveLimit(100000, 5)).toBe(100000)
    expect(resolveLimit(null, 1_000_000)).toBe(1_000_000)
    expect(resolveLimit(undefined, undefined)).toBe(10000)
    expect(resolveLimit(0, 0)).toBe(10000)
    expect(resolveLimit('2500')).toBe(2500)
  })
})

describe('usagePercent and usageLine', () => {
  it('rounds used/limit to a whole percent', () => {
    expect(usagePercent(1234, 10000)).toBe(12)
    expect(usagePercent(5, 1000)).toBe(1)
    expect(usagePercent(4, 1000)).toBe(0)
    expect(usagePercent(0, 10000)).toBe(0)
    expect(usagePercent(undefined, 10000)).toBe(0)
    expect(usagePercent(15000, 10000)).toBe(150)
  })
  it('writes "used / limit requests"', () => {
    expect(usageLine(1234, 10000)).toBe('1,234 / 10,000 requests')
    expect(usageLine(null, 10000)).toBe('0 / 10,000 requests')
  })
})

describe('statusTone', () => {
  it('is green for 2xx, yellow for 3xx and red otherwise', () => {
    expect(statusTone(200)).toBe('green')
    expect(statusTone(299)).toBe('green')
    expect(statusTone(304)).toBe('yellow')
    expect(statusTone(404)).toBe('red')
    expect(statusTone(500)).toBe('red')
    expect(statusTone(101)).toBe('red')
  })
})

describe('monthYearLabel', () => {
  it('writes Month YYYY in UTC', () => {
    expect(monthYearLabel('2025-01-15T10:00:00Z')).toBe('January 2025')
  })
})
