import router from '@adonisjs/core/services/router'
import { middleware, sessionApiMiddleware, webMiddleware } from '#start/kernel'
import { throttleDataExport } from '#start/limiter'

const AdminOverviewController = () => import('#admin/controllers/admin_overview_controller')
const AdminUsersController = () => import('#admin/controllers/admin_users_controller')
const AdminInvitationCodesController = () =>
  import('#admin/controllers/admin_invitation_codes_controller')

router.get('/admin', [AdminOverviewController, 'page']).use(webMiddleware())

/* Every /api/admin endpoint: 401 signed out, 403 `admin_required` for non-admins. */
router
  .group(() => {
    router.get('/stats', [AdminOverviewController, 'show'])
    router.get('/audit-log', [AdminOverviewController, 'auditLog'])
    router.get('/users', [AdminUsersController, 'index'])
    router.get('/users/export', [AdminUsersController, 'export'])
    router.get('/invitation-codes', [AdminInvitationCodesController, 'index'])
    router.post('/invitation-codes', [AdminInvitationCodesController, 'store'])
    router
      .group(() => {
        router.get('/users/:id', [AdminUsersController, 'show'])
        router.delete('/users/:id', [AdminUsersController, 'destroy'])
        router
          .get('/users/:id/export', [AdminUsersController, 'exportData'])
          .use(throttleDataExport)
        router.post('/users/:id/suspend', [AdminUsersController, 'suspend'])
        router.post('/users/:id/unsuspend', [AdminUsersController, 'unsuspend'])
        router.post('/invitation-codes/:id/disable', [AdminInvitationCodesController, 'disable'])
      })
      .where('id', router.matchers.number())
  })
  .prefix('/api/admin')
  .use(sessionApiMiddleware(middleware.requireAdmin()))
