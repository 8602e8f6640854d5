import router from '@adonisjs/core/services/router'
import transmit from '@adonisjs/transmit/services/main'
import { middleware, sessionApiMiddleware, webMiddleware } from '#start/kernel'
import { transmitInputMiddleware } from '#alerts/http/transmit_input'

const AlertsPageController = () => import('#alerts/controllers/alerts_page_controller')

/*
| Live notifications (Server-Sent Events, @adonisjs/transmit): GET /__transmit/events opens
| the stream, POST /__transmit/subscribe joins a channel. Session users only (CSRF on the
| POSTs); a user may join only their own notification channel. Each route then checks its
| input (`uid`, and `channel` on the POSTs): 422 `validation_failed`, not the package's 500.
*/
transmit.registerRoutes((route) =>
  route.use([...sessionApiMiddleware(middleware.requireUser()), transmitInputMiddleware(route)])
)
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
