import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { WidgetBundle } from '#embeds/services/widget_bundle'
import { AppError } from '#shared/errors'

/**
 * GET /widgets/:version/adrelay-widgets.js: the script-tag build, cacheable for a year as
 * `immutable` (RFC 8246) since a version's URL never changes content; readable cross-origin
 * (`Access-Control-Allow-Origin: *`) so a portal can load it with `integrity` and
 * `crossorigin="anonymous"` (SRI needs a CORS-readable response).
 */
@inject()
export default class WidgetBundleController {
  constructor(private bundle: WidgetBundle) {}

  async show({ params, response }: HttpContext) {
    const loaded = params.version === this.bundle.version ? await this.bundle.load() : null
    if (!loaded) {
      throw new AppError('not_found', `No widgets build ${String(params.version)} here.`, 404, {
        currentVersion: this.bundle.version,
      })
    }
    response.header('Content-Type', 'text/javascript; charset=utf-8')
    response.header('Cache-Control', 'public, max-age=31536000, immutable')
    response.header('Access-Control-Allow-Origin', '*')
    response.header('Cross-Origin-Resource-Policy', 'cross-origin')
    response.header('X-Content-Type-Options', 'nosniff')
    return response.send(loaded.contents)
  }
}
