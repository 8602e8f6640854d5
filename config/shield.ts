import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/shield'

/**
 * CSRF protects every session-authenticated write. Bearer-key surfaces (/api/v1, /mcp,
 * /internal) and the Stripe webhook carry no session cookie and are exempt; they are
 * authenticated per request instead. The XSRF-TOKEN cookie lets the React front end send
 * the token back as the X-XSRF-TOKEN header.
 */
const shieldConfig = defineConfig({
  csp: { enabled: false, directives: {}, reportOnly: false },
  csrf: {
    enabled: true,
    exceptRoutes: (ctx) => {
      const url = ctx.request.url()
      return (
        url.startsWith('/api/v1/') ||
        url === '/mcp' ||
        url.startsWith('/internal/') ||
        url === '/api/stripe/webhook'
      )
    },
    enableXsrfCookie: true,
    methods: ['POST', 'PUT', 'PATCH', 'DELETE'],
  },
  xFrame: { enabled: true, action: 'DENY' },
  hsts: { enabled: app.inProduction, maxAge: '180 days' },
  contentTypeSniffing: { enabled: true },
})

export default shieldConfig
