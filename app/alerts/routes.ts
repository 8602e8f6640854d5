import router from '@adonisjs/core/services/router'
import transmit from '@adonisjs/transmit/services/main'
import { middleware, sessionApiMiddleware, webMiddleware } from '#start/kernel'

const AlertsPageController = () => import('#alerts/controllers/alerts_page_controller')

/*
| Live notifications (Server-Sent Events, @adonisjs/transmit): GET /__transmit/events opens
| the stream, POST /__transmit/subscribe joins a channel. Session users only (CSRF on the
| POSTs); a user may join only their own notification channel.
*/
transmit.registerRoutes((route) => route.use(sessionApiMiddleware(middleware.requireUser())))
// The pattern of `notificationChannel(userId)`.
transmit.authorize<{ id: string }>(
  'users/:id/notifications',
  (ctx, { id }) => ctx.auth.user?.id === Number(id)
)

router
  .group(() => {
    router.get('/alerts', [AlertsPageController, 'page'])
  })
  .use(webMiddleware())
