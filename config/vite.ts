import { defineConfig } from '@adonisjs/vite'
import env from '#start/env'

/**
 * Where pages find the front end's build: `public/assets` relative to the production build's
 * root (build/). In tests, `TEST_FRONTEND_BUILD` names the build `npm test` makes for the
 * browser suite (scripts/build_test_frontend.mjs; ADR 0023); other runs use Vite's dev server.
 */
const testBuild = env.get('NODE_ENV') === 'test' ? env.get('TEST_FRONTEND_BUILD') : undefined
const buildDirectory = testBuild ? `${testBuild}/assets` : 'public/assets'

const viteBackendConfig = defineConfig({
  buildDirectory,
  manifestFile: `${buildDirectory}/.vite/manifest.json`,
  assetsUrl: '/assets',
})

export default viteBackendConfig
