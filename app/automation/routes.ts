import router from '@adonisjs/core/services/router'
import { middleware, sessionApiMiddleware, webMiddleware } from '#start/kernel'
import { meteredApi } from '#usage/middleware/metered_api_middleware'
import { publishedRegistry } from '#automation/registry/published_actions'
import { restAction, wrongMethod } from '#automation/rest/rest_action'
import { mcpOriginGuard, mcpProtocolVersionGuard } from '#automation/mcp/http_guards'

const McpController = () => import('#automation/controllers/mcp_controller')
const AutomationController = () => import('#automation/controllers/automation_controller')
const SessionActionsController = () => import('#automation/controllers/session_actions_controller')
const SessionUploadsController = () => import('#automation/controllers/session_uploads_controller')

/*
| MCP Streamable HTTP endpoint. Origin first (DNS-rebinding defence), then the API key on
| every request (not counted: only tools/call counts, inside the MCP server), then the
| protocol version header.
*/
router
  .group(() => {
    router.post('/mcp', [McpController, 'handle'])
    router.get('/mcp', [McpController, 'methodNotAllowed']).as('mcp.get')
    router.delete('/mcp', [McpController, 'methodNotAllowed']).as('mcp.delete')
  })
  .use([mcpOriginGuard, meteredApi({ countRequest: false }), mcpProtocolVersionGuard])

/*
| REST: one route per published action, GET for read-only actions, POST for writes, plus its
| declared older URLs (`restAliases`: /api/v1/me, /api/v1/usage); each request authenticated
| and metered by the metered API middleware.
*/
router
  .group(() => {
    for (const action of publishedRegistry().list()) {
      const handler = restAction(action.declaration.name)
      for (const path of [action.path, ...action.aliases]) {
        if (action.method === 'GET') router.get(path, handler)
        else router.post(path, handler)
      }
    }
  })
  .use(meteredApi())

/* The other verb on an action path says which one to use (not metered: nothing ran). */
for (const action of publishedRegistry().list()) {
  if (action.method === 'GET') router.post(action.path, wrongMethod('GET'))
  else router.get(action.path, wrongMethod('POST'))
}

router.get('/api/v1/openapi.json', [AutomationController, 'openApi'])
router.get('/api/v1/automation/mcp-clients', [AutomationController, 'mcpClients'])

router
  .group(() => {
    router.get('/docs/api', [AutomationController, 'apiReference'])
  })
  .use(webMiddleware())

router
  .group(() => {
    router.get('/dashboard', [AutomationController, 'page'])
  })
  .use(webMiddleware())

router
  .group(() => {
    router.get('/actions', [AutomationController, 'actions'])
    router.get('/n8n-workflow', [AutomationController, 'n8nWorkflow'])
  })
  .prefix('/api/automation')
  .use(sessionApiMiddleware(middleware.requireUser()))

/*
| Session adapter for the web screens: the same registry `invoke` with the signed-in user
| (session + CSRF + requireUser; not metered). GET only for read-only actions.
*/
router
  .group(() => {
    // The image upload as multipart/form-data (up to 8 MB; JSON bodies stop at 1 MB).
    router.post('/upload_ad_image/file', [SessionUploadsController, 'uploadAdImage'])
    router.get('/:name', [SessionActionsController, 'read']).where('name', /^[a-z][a-z0-9_]*$/)
    router.post('/:name', [SessionActionsController, 'invoke']).where('name', /^[a-z][a-z0-9_]*$/)
  })
  .prefix('/api/actions')
  .use(sessionApiMiddleware(middleware.requireUser()))
