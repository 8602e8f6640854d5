import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { appUrl } from '#config/app'
import { cheapestPlanWith } from '#accounts/plan_catalog'
import { ActionRegistry } from '#registry/action_registry'
import { buildOpenApiDocument } from '#automation/openapi/openapi_document'
import {
  API_KEY_PLACEHOLDER,
  MCP_DOCS_URL,
  buildClientConfigs,
  buildN8nWorkflow,
  mcpEndpointUrl,
} from '#automation/n8n_template'

/**
 * The Automation page (/dashboard), its session endpoints, the OpenAPI document and the API
 * reference page. Everything listed is generated from the action registry.
 */
@inject()
export default class AutomationController {
  constructor(private registry: ActionRegistry) {}

  /** GET /dashboard (signed in): the page with its static set-up material as props. */
  async page({ inertia }: HttpContext) {
    return inertia.render('dashboard/automation', {
      mcpEndpoint: mcpEndpointUrl(appUrl),
      n8nWorkflow: JSON.stringify(buildN8nWorkflow(appUrl), null, 2),
      clientConfigs: buildClientConfigs(appUrl),
      mcpDocsUrl: MCP_DOCS_URL,
      apiReferenceUrl: '/docs/api',
      openApiUrl: '/api/v1/openapi.json',
    })
  }

  /**
   * GET /api/automation/actions (session) → published actions for the endpoint list:
   * `[{module, name, title, description, method, path, requiredPlan, readOnly, destructive}]`.
   */
  async actions() {
    return this.registry.list().map(({ declaration, method, path }) => ({
      module: declaration.module,
      name: declaration.name,
      title: declaration.title,
      description: declaration.description,
      method,
      path,
      requiredPlan: declaration.feature
        ? (cheapestPlanWith(declaration.feature)?.id ?? null)
        : null,
      readOnly: declaration.annotations.readOnlyHint,
      destructive: declaration.annotations.destructiveHint,
    }))
  }

  /** GET /api/automation/n8n-workflow (session) → the importable n8n workflow JSON. */
  async n8nWorkflow() {
    return buildN8nWorkflow(appUrl)
  }

  /**
   * GET /api/v1/automation/mcp-clients (public) → the same snippets as the Automation page,
   * for `adrelay mcp config`: `{mcpEndpoint, apiKeyPlaceholder, clients: [{id, label,
   * language, text}]}` (ids claude-code, claude-desktop, cursor, n8n).
   */
  async mcpClients() {
    return {
      mcpEndpoint: mcpEndpointUrl(appUrl),
      apiKeyPlaceholder: API_KEY_PLACEHOLDER,
      clients: [
        ...buildClientConfigs(appUrl),
        {
          id: 'n8n',
          label: 'n8n workflow',
          language: 'json',
          text: JSON.stringify(buildN8nWorkflow(appUrl), null, 2),
        },
      ],
    }
  }

  /** GET /api/v1/openapi.json (public) → OpenAPI 3.1 document of the REST API. */
  async openApi({ response }: HttpContext) {
    response.header('Cache-Control', 'public, max-age=300')
    return buildOpenApiDocument(this.registry, appUrl)
  }

  /** GET /docs/api (public) → the API reference page rendering the OpenAPI document. */
  async apiReference({ inertia }: HttpContext) {
    return inertia.render('docs/api_reference', { specUrl: '/api/v1/openapi.json' })
  }
}
