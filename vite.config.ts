import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import inertia from '@adonisjs/inertia/vite'
import adonisjs from '@adonisjs/vite/client'

const projectTmp = fileURLToPath(new URL('./tmp/', import.meta.url))

/**
 * Inertia 2's router loads before any page renders, and with it three dependencies that cost
 * more than the parts it uses: axios (one request per visit), lodash-es (clone, compare,
 * get/set) and laravel-precognition (Laravel's live validation, kept by `<Form>` though no page
 * uses it). For imports made by Inertia's own packages, the production build resolves them to
 * inertia/lib/inertia_http_client.ts (that request over XMLHttpRequest, as axios behaves for
 * it), es-toolkit/compat (lodash's API, as Inertia 3 uses) and
 * inertia/lib/precognition_unavailable.ts: about 30 KB gzip less on every page. Other importers
 * get the real packages, and so does the development server (its pre-bundled Inertia).
 */
const INERTIA_DEPENDENCY_STAND_INS: Record<string, string> = {
  'axios': fileURLToPath(new URL('./inertia/lib/inertia_http_client.ts', import.meta.url)),
  'lodash-es': 'es-toolkit/compat',
  'laravel-precognition': fileURLToPath(
    new URL('./inertia/lib/precognition_unavailable.ts', import.meta.url)
  ),
}

function inertiaDependencyStandIns(): Plugin {
  return {
    name: 'adrelay:inertia-dependency-stand-ins',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer, options) {
      const standIn = INERTIA_DEPENDENCY_STAND_INS[source]
      if (!standIn || !importer?.includes('/node_modules/@inertiajs/')) return null
      return this.resolve(standIn, importer, { ...options, skipSelf: true })
    },
  }
}

export default defineConfig({
  plugins: [
    inertiaDependencyStandIns(),
    inertia({ ssr: { enabled: false } }),
    react(),
    tailwindcss(),
    adonisjs({ entrypoints: ['inertia/app.tsx'], reload: ['resources/views/**/*.edge'] }),
  ],
  resolve: {
    alias: {
      '~/': `${import.meta.dirname}/inertia/`,
      // Inertia's query-string helper: qs-esm is the same library as an ES module without
      // qs's polyfill chain (side-channel, get-intrinsic, object-inspect): about 10 KB gzip
      // less on every page's first load.
      'qs': 'qs-esm',
    },
  },
  // Vite's pre-bundled dependencies are keyed by NODE_ENV: the test runs (NODE_ENV=test) keep
  // their own cache so that they and a development server (`npm run dev`, or the test that
  // starts one) do not throw each other's away and re-optimize on every start. Test runs side
  // by side on one checkout (ADR 0022) differ by PORT (TEST_RUN_ID in tests/helpers/test_run.ts)
  // and get one cache each: two optimizers renaming their results over one folder could serve a page a
  // dependency from the other's pass. VITE_CACHE_DIR moves the development cache (the test
  // that starts a development server gives each run its own, for the same reason).
  cacheDir:
    process.env.NODE_ENV === 'test'
      ? `node_modules/.vite-test/${process.env.PORT ?? '3334'}`
      : (process.env.VITE_CACHE_DIR ?? 'node_modules/.vite'),
  // Scan every page up front so Vite pre-bundles all dependencies at start instead of
  // discovering them on first visit and reloading the page (which breaks browser tests).
  optimizeDeps: {
    entries: ['inertia/app.tsx', 'inertia/pages/**/*.tsx'],
  },
  server: {
    // Tests run Vite in middleware mode; several runs may share the machine, so no HMR socket.
    hmr: process.env.NODE_ENV === 'test' ? false : undefined,
    watch: { ignored: ['**/tmp/**', '**/storage/**'] },
    // What the development server may serve: the front-end sources (inertia/) and the
    // dependencies (node_modules/, including Vite's pre-bundled deps and its client). Nothing
    // else of the project (config/, app/, tmp/ with the SQLite file, package.json, README) and
    // nothing outside it through /@fs/. Vite's defaults allow the whole project root. The deny
    // list is checked first and also covers files inside the allowed folders. The project's own
    // tmp/ is denied by its absolute path: a `**/tmp/**` pattern also matched every file of a
    // checkout that lives under /tmp, so no page loaded there.
    fs: {
      strict: true,
      allow: ['inertia', 'node_modules'],
      deny: ['.env', '.env.*', '*.{crt,pem,key}', '**/.git/**', `${projectTmp}**`, '**/*.sqlite*'],
    },
  },
})
