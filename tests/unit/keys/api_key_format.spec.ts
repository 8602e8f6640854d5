import { test } from '@japa/runner'
import {
  API_KEY_PATTERN,
  checksumOf,
  generateApiKey,
  hasValidChecksum,
  hashApiKey,
  toBase62,
} from '#keys/services/api_key_format'

test.group('API key format', () => {
  test('a minted key matches adr_ + 22 random + 6 checksum base62 characters', ({ assert }) => {
    const key = generateApiKey()
    assert.match(key, API_KEY_PATTERN)
    assert.lengthOf(key, 32)
    assert.isTrue(hasValidChecksum(key))
  })

  test('the checksum is the base62 CRC32 of the prefix and random part', ({ assert }) => {
    // Known answer computed independently (Python zlib.crc32 + base62).
    const body = 'adr_0123456789ABCDEFGHIJKL'
    assert.equal(checksumOf(body), '2GL5GU')
    assert.isTrue(hasValidChecksum(body + '2GL5GU'))
  })

  test('one changed character fails the checksum', ({ assert }) => {
    const key = generateApiKey()
    const index = 10
    const swapped = key[index] === 'a' ? 'b' : 'a'
    assert.isFalse(hasValidChecksum(key.slice(0, index) + swapped + key.slice(index + 1)))
    assert.isFalse(hasValidChecksum(key.replace('adr_', 'ghp_')))
    assert.isFalse(hasValidChecksum(key + 'x'))
    assert.isFalse(hasValidChecksum(''))
  })

  test('keys are unique and spread over the whole alphabet', ({ assert }) => {
    const keys = new Set(Array.from({ length: 2000 }, () => generateApiKey()))
    assert.equal(keys.size, 2000)
    const characters = new Set([...keys].flatMap((key) => [...key.slice(4, 26)]))
    assert.equal(characters.size, 62)
  })

  test('base62 encoding pads to the requested width', ({ assert }) => {
    assert.equal(toBase62(0, 6), '000000')
    assert.equal(toBase62(61, 2), '0z')
    assert.equal(toBase62(62, 2), '10')
    assert.equal(toBase62(4294967295, 6), '4gfFC3')
  })

  test('the stored hash is the hex SHA-256 of the key', ({ assert }) => {
    assert.equal(
      hashApiKey('adr_test'),
      'fa4e7078a5b92d9d71b0cc70c527c0c5048bde2fc8f3fb4cc7fe5a091bf989f7'
    )
    assert.match(hashApiKey(generateApiKey()), /^[0-9a-f]{64}$/)
  })
})
