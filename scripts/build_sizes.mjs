/**
 * Builds the front end with Vite and prints, for every Inertia page, the gzip size of the
 * JavaScript a browser loads first when it opens that page: the entry (inertia/app.tsx) and
 * its static imports, plus the page's chunk and its static imports (lazy `import()`s, such as
 * recharts on the dashboard, are not counted: they load later). Shared chunks count once.
 *
 * Budget: the landing page ≤ 150 KB gzip; exits 1 when over.
 * Then the @adrelay/widgets bundles (rebuilt with scripts/build_widgets.mjs --force): the
 * script-tag build with React inside ≤ 60 KB gzip, the React package without its peers
 * ≤ 20 KB gzip.
 * Usage: npm run build:sizes   (output in tmp/build_sizes, not public/)
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build } from 'vite'
import { buildWidgets, WIDGET_OUTPUTS } from './build_widgets.mjs'

const OUT_DIR = 'tmp/build_sizes'
const ENTRY = 'inertia/app.tsx'
const BUDGETS_KB = { landing: 150 }

await build({
  logLevel: 'error',
  build: { emptyOutDir: true, manifest: true },
  plugins: [
    {
      // The AdonisJS plugin sets outDir to build/public/assets; build elsewhere so this
      // measurement never touches a real build.
      name: 'build-sizes-out-dir',
      enforce: 'post',
      config: () => ({ build: { outDir: OUT_DIR } }),
    },
  ],
})

const manifestPath = [join(OUT_DIR, '.vite/manifest.json'), join(OUT_DIR, 'manifest.json')].find(
  (path) => {
    try {
      readFileSync(path)
      return true
    } catch {
      return false
    }
  }
)
if (!manifestPath) throw new Error(`No Vite manifest found in ${OUT_DIR}`)
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'))

const gzipCache = new Map()
function gzipBytes(file) {
  if (!gzipCache.has(file))
    gzipCache.set(file, gzipSync(readFileSync(join(OUT_DIR, file)), { level: 9 }).length)
  return gzipCache.get(file)
}

/** The chunk files of `key` and everything it imports statically. */
function staticClosure(key, seen = new Set()) {
  const chunk = manifest[key]
  if (!chunk || seen.has(chunk.file)) return seen
  seen.add(chunk.file)
  for (const imported of chunk.imports ?? []) staticClosure(imported, seen)
  return seen
}

const entryFiles = staticClosure(ENTRY)
const pages = Object.keys(manifest)
  .filter((key) => key.startsWith('inertia/pages/') && key.endsWith('.tsx'))
  .sort()

const kb = (bytes) => (bytes / 1024).toFixed(1)
const rows = pages.map((key) => {
  const files = staticClosure(key, new Set(entryFiles))
  const js = [...files].filter((file) => file.endsWith('.js'))
  const bytes = js.reduce((sum, file) => sum + gzipBytes(file), 0)
  const name = key.replace('inertia/pages/', '').replace(/\.tsx$/, '')
  return { name, bytes, chunks: js.length }
})

const entryBytes = [...entryFiles]
  .filter((f) => f.endsWith('.js'))
  .reduce((sum, f) => sum + gzipBytes(f), 0)
console.log(
  `\nFirst-load JavaScript per page (gzip, level 9); shared entry alone: ${kb(entryBytes)} KB\n`
)
console.log(
  `${'page'.padEnd(28)} ${'KB gzip'.padStart(9)} ${'chunks'.padStart(7)} ${'× entry'.padStart(8)}  budget`
)
let failed = false
for (const row of rows) {
  const budget = BUDGETS_KB[row.name]
  const over = budget !== undefined && row.bytes / 1024 > budget
  if (over) failed = true
  const verdict = budget === undefined ? '' : over ? `OVER ${budget} KB` : `ok (≤ ${budget} KB)`
  console.log(
    `${row.name.padEnd(28)} ${kb(row.bytes).padStart(9)} ${String(row.chunks).padStart(7)} ${(row.bytes / entryBytes).toFixed(2).padStart(8)}  ${verdict}`
  )
}
const css = Object.values(manifest[ENTRY]?.css ?? [])
if (css.length)
  console.log(
    `\nCSS of the entry: ${css.map((file) => `${file} ${kb(gzipBytes(file))} KB gzip`).join(', ')}`
  )

// The widgets (issue 17), measured from fresh builds.
if ((await buildWidgets({ force: true })) !== 0) process.exit(1)
const WIDGET_BUDGETS_KB = [
  ['script-tag build (React 18 inside)', WIDGET_OUTPUTS.elements, 60],
  ['React package (without peers)', WIDGET_OUTPUTS.react, 20],
]
console.log(`\n@adrelay/widgets (gzip, level 9)\n`)
for (const [name, file, budget] of WIDGET_BUDGETS_KB) {
  const bytes = gzipSync(readFileSync(file), { level: 9 }).length
  const over = bytes / 1024 > budget
  if (over) failed = true
  console.log(
    `${name.padEnd(36)} ${kb(bytes).padStart(9)}  ${over ? `OVER ${budget} KB` : `ok (≤ ${budget} KB)`}`
  )
}

if (failed) {
  console.error('\nA bundle is over its budget.')
  process.exit(1)
}
