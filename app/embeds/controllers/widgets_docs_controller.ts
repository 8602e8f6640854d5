import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { WidgetBundle } from '#embeds/services/widget_bundle'

/** GET /docs/widgets (public): the @adrelay/widgets reference with the current snippet. */
@inject()
export default class WidgetsDocsController {
  constructor(private bundle: WidgetBundle) {}

  async show({ inertia, request }: HttpContext) {
    return inertia.render('docs/widgets', {
      bundle: await this.bundle.info(),
      appOrigin: `${request.protocol()}://${request.host()}`,
    })
  }
}
