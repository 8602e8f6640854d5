import { test } from '@japa/runner'

test.group('API reference page (/docs/api)', () => {
  test('renders the actions of the OpenAPI document without calling outside hosts', async ({
    browserContext,
    assert,
  }) => {
    const page = await browserContext.newPage()
    const hosts = new Set<string>()
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.protocol.startsWith('http')) hosts.add(url.host)
    })
    await page.goto('/docs/api')

    for (const title of ['Get API usage', 'List campaigns', 'Pause or activate a campaign']) {
      await page.getByText(title).first().waitFor({ timeout: 90_000 })
    }
    const own = new URL(page.url()).host
    // Vite's dev server may use localhost; nothing else may be contacted (no CDN, no telemetry).
    const outside = [...hosts].filter(
      (host) => host !== own && !/^(localhost|127\.0\.0\.1)(:\d+)?$/.test(host)
    )
    assert.deepEqual(outside, [])
    // The reference renders every operation of a large document: slow on a loaded machine.
  }).timeout(180_000)
})
