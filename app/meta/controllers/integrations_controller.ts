import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { MetaEndpoints } from '#meta/services/meta_endpoints'

/** The Integrations page (spec §2); its data comes from /api/meta/status through TanStack Query. */
@inject()
export default class IntegrationsController {
  constructor(private endpoints: MetaEndpoints) {}

  async show({ inertia }: HttpContext) {
    return inertia.render('integrations/index', { metaSandbox: this.endpoints.usesSandbox })
  }
}
