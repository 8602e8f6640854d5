/**
 * Builds the front end with Vite and prints, for every Inertia page, the gzip size of the
 * JavaScript a browser loads first when it opens that page, against its budget (the landing
 * page ≤ 120 KB, every other page ≤ 170 KB; scripts/bundle_budgets.mjs says what counts).
 * Then the @adrelay/widgets bundles, rebuilt (scripts/build_widgets.mjs --force): the
 * script-tag build with React inside ≤ 60 KB gzip, the React package without its peers
 * ≤ 20 KB gzip. Exits 1 when anything is over its budget. `npm test` checks the same budgets
 * on the build it makes for the browser suite.
 * Usage: npm run build:sizes   (output in tmp/build_sizes, not public/)
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build } from 'vite'
import { buildWidgets } from './build_widgets.mjs'
import { checkPageBudgets, checkWidgetBudgets, firstLoadGraph } from './bundle_budgets.mjs'

const OUT_DIR = 'tmp/build_sizes'

await build({
  logLevel: 'error',
  build: { emptyOutDir: true, manifest: true },
  plugins: [
    firstLoadGraph(),
    {
      // The AdonisJS plugin sets outDir to build/public/assets; build elsewhere so this
      // measurement never touches a real build.
      name: 'build-sizes-out-dir',
      enforce: 'post',
      config: () => ({ build: { outDir: OUT_DIR } }),
    },
  ],
})

let failed = checkPageBudgets(OUT_DIR).length > 0

const manifest = JSON.parse(readFileSync(join(OUT_DIR, '.vite/manifest.json'), 'utf8'))
const css = manifest['inertia/app.tsx']?.css ?? []
if (css.length) {
  const sizes = css.map(
    (file) =>
      `${file} ${(gzipSync(readFileSync(join(OUT_DIR, file)), { level: 9 }).length / 1024).toFixed(1)} KB gzip`
  )
  console.log(`\nCSS of the entry: ${sizes.join(', ')}`)
}

if ((await buildWidgets({ force: true })) !== 0) process.exit(1)
if (checkWidgetBudgets().length > 0) failed = true

if (failed) {
  console.error('\nA bundle is over its budget.')
  process.exit(1)
}
