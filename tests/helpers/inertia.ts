/**
 * The Inertia asset version the app under test announces, as a browser learns it: from the
 * `data-page` of a page it renders. Inertia's protocol answers a visit whose `X-Inertia-Version`
 * differs with 409 and a full reload, so tests that make Inertia visits by hand send this one.
 * It is "1" when Vite's dev server serves the front end (`node ace test`) and the build
 * manifest's hash when `npm test` serves the production build (ADR 0023). Read once per run.
 */
let version: Promise<string> | undefined

export function inertiaVersion(): Promise<string> {
  version ??= (async () => {
    const base = `http://${process.env.HOST ?? '127.0.0.1'}:${process.env.PORT ?? 3334}`
    const html = await (await fetch(`${base}/privacy`)).text()
    // The page object is HTML-encoded JSON: "version":"…" reads &quot;version&quot;:&quot;…&quot;.
    const found = /&quot;version&quot;:&quot;([^&]+)&quot;/.exec(html)
    if (!found) throw new Error('no Inertia version in the page /privacy rendered')
    return found[1]
  })()
  return version
}
