import { describe, expect, it } from 'vitest'
import { splitForMiddleTruncation } from '~/lib/format'

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
