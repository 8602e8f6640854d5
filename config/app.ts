import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { Secret } from '@adonisjs/core/helpers'
import { defineConfig } from '@adonisjs/core/http'

/**
 * The application key signs cookies and encrypts the session. Production refuses to boot
 * without one (see start/env_checks.ts); development and tests fall back to a fixed,
 * publicly known key so the app starts with zero configuration.
 */
export const appKey: Secret<string> =
  env.get('APP_KEY') ?? new Secret('adrelay-insecure-development-key-change-me')

export const appUrl = env.get('APP_URL') ?? `http://localhost:${env.get('PORT') ?? 3333}`

export const http = defineConfig({
  generateRequestId: true,
  allowMethodSpoofing: false,
  useAsyncLocalStorage: false,
  trustProxy: app.inProduction ? 'loopback' : false,
  cookie: {
    domain: '',
    path: '/',
    maxAge: '2h',
    httpOnly: true,
    secure: app.inProduction,
    sameSite: 'lax',
  },
})
