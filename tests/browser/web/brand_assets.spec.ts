import { test } from '@japa/runner'

test.group('Bundled font and app icons', () => {
  test('pages render in the bundled Inter, fetched from this server', async ({ visit, assert }) => {
    const page = await visit('/')
    const fontRequests: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'font') fontRequests.push(request.url())
    })
    await page.reload()
    const font = await page.evaluate(async () => {
      const { document, getComputedStyle } = globalThis as any
      // Resolves with the faces that render Latin text at this weight, once they are loaded.
      const faces = await document.fonts.load('400 16px "Inter Variable"', 'Adrelay')
      const loaded = faces
        .filter((face: any) => face.status === 'loaded')
        .map((face: any) => face.family.replaceAll('"', '') as string)
      return {
        bodyFamily: getComputedStyle(document.body).fontFamily as string,
        loaded,
      }
    })
    assert.match(font.bodyFamily, /^"?Inter Variable"?/)
    assert.include(font.loaded, 'Inter Variable')
    assert.isNotEmpty(fontRequests)
    const origin = new URL(page.url()).origin
    for (const url of fontRequests) assert.equal(new URL(url).origin, origin)
  })

  test('the pages link a favicon, app icons and a web manifest, and all of them are served', async ({
    visit,
    assert,
  }) => {
    const page = await visit('/privacy')
    const links = await page
      .locator('link[rel="icon"], link[rel="apple-touch-icon"], link[rel="manifest"]')
      .evaluateAll((nodes: any[]) => nodes.map((node) => node.getAttribute('href') as string))
    assert.includeMembers(links, [
      '/favicon.ico',
      '/favicon.svg',
      '/apple-touch-icon.png',
      '/site.webmanifest',
    ])
    for (const href of links) {
      const response = await page.request.get(href)
      assert.equal(response.status(), 200, href)
    }
    const manifest = await (await page.request.get('/site.webmanifest')).json()
    assert.equal(manifest.name, 'Adrelay')
    for (const icon of manifest.icons) {
      const response = await page.request.get(icon.src)
      assert.equal(response.status(), 200, icon.src)
    }
    const ico = await (await page.request.get('/favicon.ico')).body()
    assert.deepEqual([...ico.subarray(0, 4)], [0, 0, 1, 0], 'an ICO header')
  })
})
