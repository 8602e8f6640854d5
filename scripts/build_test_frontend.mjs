/*
| Builds the front end (inertia/) with Vite, as `node ace build` does for production, into
| tmp/test_frontend/assets, for the browser tests: `npm test` (scripts/run_tests.mjs) calls it
| and the app under test then serves these files instead of starting Vite's dev server
| (providers/vite_provider.ts, start/test_frontend.ts; ADR 0023). The browser suite thus loads
| what users load, one bundle per page instead of every module transformed on request.
|
| Skipped when fresh: the build is redone when any file the bundle can depend on was added,
| removed or changed since (inertia/, resources/, app/, config/, the Vite and package files,
| this script and the budgets' graph plugin; Tailwind scans the project for class names, and
| pages import shared modules from app/).
| `--force` rebuilds.
| The build goes to a folder of its own and replaces the previous one in one rename, so a build
| that fails half-way leaves the last good one in place.
*/
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { rename, rm, writeFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { firstLoadGraph } from './bundle_budgets.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))

/** Where the build lives (relative to the project root) and what the app reads from it. */
export const TEST_FRONTEND_DIR = 'tmp/test_frontend'
const MANIFEST = join(root, TEST_FRONTEND_DIR, 'assets/.vite/manifest.json')
const FINGERPRINT = join(root, TEST_FRONTEND_DIR, 'sources.sha256')

const SOURCES = [
  'inertia',
  'resources',
  'app',
  'config',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
  'scripts/build_test_frontend.mjs',
  'scripts/bundle_budgets.mjs',
]

/** `relative path, size, mtime` of every file under `path`, one line each. */
function listing(path, lines = []) {
  if (!existsSync(path)) return lines
  const stats = statSync(path)
  if (!stats.isDirectory()) {
    lines.push(`${relative(root, path)}\t${stats.size}\t${stats.mtimeMs}`)
    return lines
  }
  for (const name of readdirSync(path).sort()) listing(join(path, name), lines)
  return lines
}

/**
 * A fingerprint of the sources: any file added, removed, resized or touched changes it. Not a
 * comparison of modification times with the build's own: a build made under a moved clock
 * (`npm run test:at`) would otherwise look newer than every later edit.
 */
function sourcesFingerprint() {
  const lines = SOURCES.flatMap((source) => listing(join(root, source)))
  return createHash('sha256').update(lines.join('\n')).digest('hex')
}

/** Whether the build is missing or was made from other sources. */
export function testFrontendStale() {
  if (!existsSync(MANIFEST) || !existsSync(FINGERPRINT)) return true
  return readFileSync(FINGERPRINT, 'utf8').trim() !== sourcesFingerprint()
}

/**
 * Builds the front end into tmp/test_frontend/assets when stale (always with `force`).
 * Returns 0 on success (or when fresh), 1 when the build failed.
 */
export async function buildTestFrontend({ force = false } = {}) {
  if (!force && !testFrontendStale()) return 0
  const partial = join(root, `${TEST_FRONTEND_DIR}.partial-${process.pid}`)
  const started = Date.now()
  // Taken before the build: a file edited while it runs makes the next run build again.
  const fingerprint = sourcesFingerprint()
  try {
    // Loaded only when a build is needed: a fresh build costs nothing.
    const { build } = await import('vite')
    await build({
      root,
      // Errors only: the production build's warnings (chunk sizes, a dependency's comments)
      // are `npm run build`'s and `npm run build:sizes`' to report.
      logLevel: 'error',
      build: { emptyOutDir: true, manifest: true, chunkSizeWarningLimit: 4096 },
      plugins: [
        // The chunk graph the first-load budgets are checked on (scripts/bundle_budgets.mjs).
        firstLoadGraph(),
        {
          // The AdonisJS plugin sets outDir to build/public/assets (the production build);
          // this build must never touch that one.
          name: 'test-frontend-out-dir',
          enforce: 'post',
          config: () => ({ build: { outDir: join(partial, 'assets') } }),
        },
      ],
    })
    await writeFile(join(partial, 'sources.sha256'), `${fingerprint}\n`)
    await rm(join(root, TEST_FRONTEND_DIR), { recursive: true, force: true })
    await rename(partial, join(root, TEST_FRONTEND_DIR))
    console.log(`[tests] front end built for the browser suite in ${Date.now() - started} ms`)
    return 0
  } catch (error) {
    console.error(error)
    await rm(partial, { recursive: true, force: true })
    return 1
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exit(await buildTestFrontend({ force: process.argv.includes('--force') }))
}
