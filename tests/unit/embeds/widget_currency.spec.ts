import { test } from '@japa/runner'
import { META_WHOLE_UNIT_CURRENCIES } from '#meta/currency_offsets'
import { META_WHOLE_UNIT_CURRENCIES as WIDGET_TABLE } from '../../../widgets/src/currency.js'

/**
 * The widgets package is published on its own, so it carries its own copy of Meta's currency
 * offsets to show the amounts the embed API sends: it must be the app's table.
 */
test.group('Widgets: Meta currency offsets', () => {
  test("the widgets' table is the app's", ({ assert }) => {
    assert.deepEqual([...WIDGET_TABLE].sort(), [...META_WHOLE_UNIT_CURRENCIES].sort())
  })
})
