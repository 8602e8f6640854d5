/*
| Tests only (adonisrc.ts loads this file in the test environment): when `npm test` built the
| front end for the browser suite (`TEST_FRONTEND_BUILD`, scripts/build_test_frontend.mjs),
| its hashed bundles are served under /assets, the URL config/vite.ts gives pages. Production
| serves the same files from build/public/assets through @adonisjs/static. ADR 0023.
*/
import { resolve, sep } from 'node:path'
import app from '@adonisjs/core/services/app'
import router from '@adonisjs/core/services/router'
import env from '#start/env'

const build = env.get('TEST_FRONTEND_BUILD')

if (build) {
  const folder = app.makePath(build, 'assets')
  router.get('/assets/*', ({ params, response }) => {
    const file = resolve(folder, ...(params['*'] as string[]))
    // Only files inside the build (a `..` segment resolves outside it).
    if (!file.startsWith(folder + sep)) return response.notFound()
    return response.download(file)
  })
}
