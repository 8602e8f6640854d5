/*
| The size budgets of what browsers download, checked on a production build of the front end:
| `npm run build:sizes` (scripts/build_sizes.mjs) prints them from a build of its own, and
| `npm test` (scripts/run_tests.mjs) checks them on the build it makes for the browser suite
| (scripts/build_test_frontend.mjs), so CI fails when a page grows past its budget.
|
| A page's first load is the JavaScript a browser fetches before that page can render: the
| entry (inertia/app.tsx) and its static imports, plus the page's chunk and its static
| imports, each file counted once, gzip level 9. Lazy `import()`s (charts, the API reference,
| dialogs, menus, the notification bell) load after the page has rendered or on first use and
| are not counted.
*/
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { WIDGET_OUTPUTS } from './build_widgets.mjs'

/** KB gzip (1 KB = 1024 bytes) a page's first load may reach: the landing page, then any other. */
export const PAGE_BUDGETS_KB = { landing: 120 }
export const DEFAULT_PAGE_BUDGET_KB = 170

/** The @adrelay/widgets bundles: [label, file, KB gzip]. */
export const WIDGET_BUDGETS = [
  ['script-tag build (React 18 inside)', WIDGET_OUTPUTS.elements, 60],
  ['React package (without peers)', WIDGET_OUTPUTS.react, 20],
]

/** Where, inside a build's output folder, firstLoadGraph() writes the chunk graph. */
const GRAPH_FILE = '.vite/first-load.json'
const ENTRY_MODULE = /\/inertia\/app\.tsx$/
const PAGE_MODULE = /\/inertia\/pages\/(.+)\.tsx$/

/**
 * A Vite plugin (production builds) writing `.vite/first-load.json` beside the manifest:
 * `{ entry, pages: { 'rules/index': chunk }, imports: { chunk: [static imports] } }`, file
 * names relative to the output folder. Vite's manifest is not enough: a page whose chunk also
 * holds modules a lazy chunk of it imports (the campaign wizard's) is listed under the
 * chunk's file name, not the page's path.
 */
export function firstLoadGraph() {
  return {
    name: 'adrelay:first-load-graph',
    apply: 'build',
    generateBundle(_options, bundle) {
      const graph = { entry: null, pages: {}, imports: {} }
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue
        graph.imports[chunk.fileName] = chunk.imports
        if (chunk.isEntry && ENTRY_MODULE.test(chunk.facadeModuleId ?? '')) {
          graph.entry = chunk.fileName
        }
        for (const id of chunk.moduleIds) {
          const page = id.match(PAGE_MODULE)
          if (page) graph.pages[page[1]] = chunk.fileName
        }
      }
      this.emitFile({ type: 'asset', fileName: GRAPH_FILE, source: JSON.stringify(graph) })
    },
  }
}

const kb = (bytes) => (bytes / 1024).toFixed(1)

/**
 * The first-load size of every page of the build in `outDir` (made with firstLoadGraph()):
 * `{ entryBytes, pages: [{ name, bytes, chunks, budgetKb }] }`, sorted by name, bytes gzip.
 * Throws when the graph file is missing.
 */
export function measurePages(outDir) {
  const graphPath = join(outDir, GRAPH_FILE)
  if (!existsSync(graphPath))
    throw new Error(`${graphPath} is missing: build with firstLoadGraph()`)
  const graph = JSON.parse(readFileSync(graphPath, 'utf8'))
  const gzipped = new Map()
  const gzipBytes = (file) => {
    if (!gzipped.has(file)) {
      gzipped.set(file, gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length)
    }
    return gzipped.get(file)
  }
  const closure = (file, seen) => {
    if (seen.has(file)) return seen
    seen.add(file)
    for (const imported of graph.imports[file] ?? []) closure(imported, seen)
    return seen
  }
  const sum = (files) => [...files].reduce((total, file) => total + gzipBytes(file), 0)
  const entryFiles = closure(graph.entry, new Set())
  const pages = Object.entries(graph.pages)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, chunk]) => {
      const files = closure(chunk, new Set(entryFiles))
      return {
        name,
        bytes: sum(files),
        chunks: files.size,
        budgetKb: PAGE_BUDGETS_KB[name] ?? DEFAULT_PAGE_BUDGET_KB,
      }
    })
  return { entryBytes: sum(entryFiles), pages }
}

/**
 * Checks the pages of the build in `outDir` against their budgets. `verbose` prints the
 * table; otherwise one line, plus the pages over budget. Returns the names over budget.
 */
export function checkPageBudgets(outDir, { verbose = true, log = console.log } = {}) {
  const { entryBytes, pages } = measurePages(outDir)
  const over = pages.filter((page) => page.bytes / 1024 > page.budgetKb)
  if (verbose) {
    log(
      `\nFirst-load JavaScript per page (gzip, level 9); shared entry alone: ${kb(entryBytes)} KB\n`
    )
    log(`${'page'.padEnd(28)} ${'KB gzip'.padStart(9)} ${'chunks'.padStart(7)}  budget`)
    for (const page of pages) {
      const verdict = over.includes(page)
        ? `OVER ${page.budgetKb} KB`
        : `ok (≤ ${page.budgetKb} KB)`
      log(
        `${page.name.padEnd(28)} ${kb(page.bytes).padStart(9)} ${String(page.chunks).padStart(7)}  ${verdict}`
      )
    }
  } else {
    const largest = pages.reduce((max, page) => (page.bytes > max.bytes ? page : max))
    log(
      `[budgets] first load: ${pages.length - over.length} of ${pages.length} pages within budget; entry ${kb(entryBytes)} KB, largest ${largest.name} ${kb(largest.bytes)} KB gzip`
    )
    for (const page of over) {
      log(`[budgets] ${page.name}: ${kb(page.bytes)} KB gzip, OVER its ${page.budgetKb} KB budget`)
    }
  }
  return over.map((page) => page.name)
}

/**
 * Checks the built @adrelay/widgets bundles (widgets/dist) against their budgets; prints one
 * line per bundle when `verbose`, else only those over. Returns the labels over budget.
 */
export function checkWidgetBudgets({ verbose = true, log = console.log } = {}) {
  const over = []
  if (verbose) log(`\n@adrelay/widgets (gzip, level 9)\n`)
  for (const [label, file, budgetKb] of WIDGET_BUDGETS) {
    const bytes = gzipSync(readFileSync(file), { level: 9 }).length
    const isOver = bytes / 1024 > budgetKb
    if (isOver) over.push(label)
    if (verbose || isOver) {
      log(
        `${verbose ? '' : '[budgets] widgets '}${label.padEnd(36)} ${kb(bytes).padStart(9)}  ${isOver ? `OVER ${budgetKb} KB` : `ok (≤ ${budgetKb} KB)`}`
      )
    }
  }
  return over
}
