/*
| start/routes.ts only imports the modules' route files (each module owns its routes).
*/
import router from '@adonisjs/core/services/router'

import '#accounts/routes'
import '#keys/routes'
import '#usage/routes'
import '#billing/routes'
import '#admin/routes'
import '#web/routes'
import '#automation/routes'
import '#meta/routes'
import '#rules/routes'
import '#alerts/routes'
import '#leads/routes'

/** Unauthenticated health check (load balancers, benchmarks). */
router.get('/health', () => ({ status: 'ok' }))

import '#embeds/routes'
