import { readFileSync } from 'node:fs'
import { test } from '@japa/runner'
import { webhookDeliveryJobOptions } from '#shared/signed_webhooks'

/**
 * The delay before retry `attempt` (1-based) with `Math.random` returning `random`: the
 * queue's own backoff strategy, as the webhook delivery jobs are configured with it.
 */
function retryDelayMs(attempt: number, random: number) {
  const strategy = (webhookDeliveryJobOptions('test').retry!.backoff as () => any)()
  const realRandom = Math.random
  Math.random = () => random
  try {
    return strategy.calculateDelay(attempt) as number
  } finally {
    Math.random = realRandom
  }
}

const docs = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8')

test.group('Webhook retries as documented', () => {
  test('alert and lead webhooks retry after 30 s, then 1, 2, 4 and 8 min, each ±25 %, as the docs say', ({
    assert,
  }) => {
    const retries = webhookDeliveryJobOptions('test').maxRetries!
    assert.equal(retries, 5)
    const nominal = [30_000, 60_000, 120_000, 240_000, 480_000]
    for (let attempt = 1; attempt <= retries; attempt++) {
      const expected = nominal[attempt - 1]
      // random 0.5 is no jitter; 0 and (almost) 1 are its two ends.
      assert.equal(retryDelayMs(attempt, 0.5), expected)
      assert.equal(retryDelayMs(attempt, 0), expected * 0.75)
      assert.approximately(retryDelayMs(attempt, 0.999_999), expected * 1.25, 1)
    }
    for (const page of ['docs/alerts.md', 'docs/leads.md']) {
      const text = docs(page).replace(/\s+/g, ' ')
      assert.include(text, '30 s, then 1, 2, 4 and 8 min, each delay jittered ±25 %', page)
      assert.include(text, '6 attempts over about 15 minutes, 12 to 19', page)
    }
    assert.include(docs('README.md').replace(/\s+/g, ' '), 'each delay jittered ±25 %')
  })
})
