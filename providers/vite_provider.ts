import ViteProvider from '@adonisjs/vite/vite_provider'
import env from '#start/env'

/**
 * `@adonisjs/vite`'s provider, with one change: in the test environment it starts Vite's dev
 * server unless `TEST_FRONTEND_BUILD` names a production build of the front end
 * (scripts/build_test_frontend.mjs, set by `npm test`). Then pages link that build's hashed
 * bundles through its manifest (config/vite.ts), exactly as in production, and
 * start/test_frontend.ts serves them under /assets (ADR 0023). Development (`node ace serve`
 * sets DEV_MODE) and production are unchanged.
 */
export default class AppViteProvider extends ViteProvider {
  /** Whether this process serves the prebuilt front end instead of Vite's dev server. */
  #servesTestBuild() {
    return this.app.inTest && Boolean(env.get('TEST_FRONTEND_BUILD'))
  }

  async ready() {
    if (this.#servesTestBuild()) return
    await super.ready()
  }

  async shutdown() {
    if (this.#servesTestBuild()) return
    await super.shutdown()
  }
}
