import router from '@adonisjs/core/services/router'
import { meteredApi } from '#usage/middleware/metered_api_middleware'
import { middleware, sessionApiMiddleware, webMiddleware } from '#start/kernel'
import { embedOrigin } from '#embeds/middleware/embed_origin'
import { throttleEmbedReads, throttleEmbedSessionCreation } from '#start/limiter'

const EmbedSessionsController = () => import('#embeds/controllers/embed_sessions_controller')
const EmbedReadsController = () => import('#embeds/controllers/embed_reads_controller')
const WidgetBundleController = () => import('#embeds/controllers/widget_bundle_controller')
const EmbedPreviewController = () => import('#embeds/controllers/embed_preview_controller')
const WidgetsDocsController = () => import('#embeds/controllers/widgets_docs_controller')

/* Minting, listing and revoking embed sessions: the account's API key, not counted. */
router
  .group(() => {
    router
      .post('/embed/sessions', [EmbedSessionsController, 'store'])
      .use(throttleEmbedSessionCreation)
    router.get('/embed/sessions', [EmbedSessionsController, 'index'])
    router.delete('/embed/sessions/:id', [EmbedSessionsController, 'destroy'])
  })
  .prefix('/api/v1')
  .use(meteredApi({ countRequest: false }))

/*
| The widgets' reads (issue 17): the session id in the path lets CORS preflights, which carry
| no credentials, be answered for the session's own origins only (ADR 0015).
*/
const reads = [
  ['session', 'session'],
  ['quota', 'quota'],
  ['usage', 'usage'],
  ['recent_calls', 'recentCalls'],
  ['keys', 'keys'],
  ['campaign_performance', 'campaignPerformance'],
  ['rule_activity', 'ruleActivity'],
] as const

router
  .group(() => {
    for (const [path, handler] of reads) {
      router.get(`/:sessionId/${path}`, [EmbedReadsController, handler]).use(throttleEmbedReads)
      router.route(`/:sessionId/${path}`, ['OPTIONS'], () => {})
    }
  })
  .prefix('/embed/v1')
  .use(embedOrigin)

/* The widgets' script-tag build under its version: immutable, loadable from any origin. */
router.get('/widgets/:version/adrelay-widgets.js', [WidgetBundleController, 'show'])

/* The Automation page's Embed tab: a short preview session for this app's own origin. */
router
  .post('/api/embed/preview-session', [EmbedPreviewController, 'store'])
  .use(sessionApiMiddleware(middleware.requireUser()))
  .use(throttleEmbedSessionCreation)
router.get('/api/embed/bundle', [EmbedPreviewController, 'bundleInfo'])

/* The widgets reference page. */
router.get('/docs/widgets', [WidgetsDocsController, 'show']).use(webMiddleware())
