import { defineConfig } from 'vitest/config'

/** Vitest runs the front end's pure rules (inertia/**\/*.test.ts); Japa runs everything else. */
export default defineConfig({
  resolve: {
    alias: { '~/': `${import.meta.dirname}/inertia/` },
  },
  test: {
    include: ['inertia/**/*.test.{ts,tsx}'],
    environment: 'node',
  },
})
