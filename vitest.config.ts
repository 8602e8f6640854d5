import { defineConfig } from 'vitest/config'

const root = import.meta.dirname

/**
 * Two Vitest projects:
 * - `inertia`: the front end's pure rules (inertia/**\/*.test.ts), in Node;
 * - `widgets`: @adrelay/widgets' components and hooks with Testing Library in jsdom, against
 *   a loopback stand-in of the embed API. React resolves to the app's React 19 (the widgets
 *   workspace keeps React 18 for its script-tag build), so one React runs in each test.
 * Japa runs everything else.
 */
export default defineConfig({
  // Vitest keeps its results cache under Vite's cache folder: one per test run (PORT), as the
  // Japa runs' Vite caches (vite.config.ts), so two `npm test` can share a checkout (ADR 0022).
  cacheDir: `node_modules/.vite-vitest/${process.env.PORT ?? '3334'}`,
  test: {
    projects: [
      {
        resolve: { alias: { '~/': `${root}/inertia/` } },
        test: {
          name: 'inertia',
          include: ['inertia/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        resolve: {
          alias: [
            {
              find: /^react(-dom)?(\/.*)?$/,
              replacement: `${root}/node_modules/react$1$2`,
            },
          ],
        },
        test: {
          name: 'widgets',
          include: ['widgets/test/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
    ],
  },
})
