import { test } from '@japa/runner'
import { currencyExponent, majorStringToMinor, minorToMajorString } from '#meta/services/currency'

/** Meta's currency offsets (https://developers.facebook.com/docs/marketing-api/currencies). */
test.group("Money in an ad account's currency, as Meta counts it", () => {
  test('offset-1 currencies are whole units, even where ISO 4217 has decimals', ({ assert }) => {
    for (const code of [
      'JPY',
      'KRW',
      'HUF',
      'TWD',
      'COP',
      'CRC',
      'IDR',
      'CLP',
      'ISK',
      'PYG',
      'VND',
    ]) {
      assert.equal(currencyExponent(code), 0, code)
    }
    // A 5,000 HUF daily budget is "5000" at Meta; insights say "5000.00" spent.
    assert.equal(majorStringToMinor('5000.00', 'HUF'), 5000)
    assert.equal(minorToMajorString(5000, 'TWD'), '5000')
  })

  test('offset-100 currencies have two decimals, even where ISO 4217 has three', ({ assert }) => {
    for (const code of ['USD', 'EUR', 'GBP', 'BRL', 'BHD', 'JOD']) {
      assert.equal(currencyExponent(code), 2, code)
    }
    assert.equal(majorStringToMinor('50.25', 'BHD'), 5025)
    assert.equal(minorToMajorString(5025, 'USD'), '50.25')
  })
})
