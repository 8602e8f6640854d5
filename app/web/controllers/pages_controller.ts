import type { HttpContext } from '@adonisjs/core/http'
import env from '#start/env'
import { privacyRetention } from '#web/privacy_retention'

/**
 * Page routes (spec §2). Signed-in-only pages render for visitors too: the page itself shows
 * the 'Unauthorized' toast and goes to /api/login after 500 ms, as the spec describes.
 */
export default class PagesController {
  /** `/`: landing page for visitors, usage dashboard when signed in. */
  async home({ auth, inertia }: HttpContext) {
    if (!auth.user) return inertia.render('landing', {})
    return inertia.render('dashboard/usage', {})
  }

  /** `/privacy`, with the retention periods this server really applies (not copy). */
  async privacy({ inertia }: HttpContext) {
    return inertia.render('privacy', {
      contactEmail: env.get('PRIVACY_CONTACT_EMAIL') ?? 'privacy@adrelay.io',
      retention: await privacyRetention(),
      leadRetentionDays: env.get('LEAD_RETENTION_DAYS') ?? 90,
    })
  }

  async profile({ inertia }: HttpContext) {
    return inertia.render('profile', {})
  }
}
