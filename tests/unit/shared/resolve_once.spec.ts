import { test } from '@japa/runner'
import { resolveOnce } from '#shared/resolve_once'

test.group('resolveOnce', () => {
  test('makes the value once, shares the pending promise, then answers synchronously', async ({
    assert,
  }) => {
    let made = 0
    const get = resolveOnce(async () => ({ made: ++made }))
    const first = get()
    const second = get()
    assert.instanceOf(first, Promise)
    assert.strictEqual(first, second)
    const value = await first
    assert.deepEqual(value, { made: 1 })
    assert.strictEqual(get(), value)
    assert.equal(made, 1)
  })
})
