import { defineConfig } from '@adonisjs/core/app'
import { indexEntities } from '@adonisjs/core'
import { indexPages } from '@adonisjs/inertia'

export default defineConfig({
  experimental: {},

  /*
  | Ace commands from packages; the app's own commands live in ./commands.
  */
  commands: [
    () => import('@adonisjs/core/commands'),
    () => import('@adonisjs/lucid/commands'),
    () => import('@adonisjs/session/commands'),
    () => import('@adonisjs/inertia/commands'),
    () => import('@adonisjs/queue/commands'),
  ],

  providers: [
    () => import('@adonisjs/core/providers/app_provider'),
    () => import('@adonisjs/core/providers/hash_provider'),
    {
      file: () => import('@adonisjs/core/providers/repl_provider'),
      environment: ['repl', 'test'],
    },
    () => import('@adonisjs/core/providers/vinejs_provider'),
    () => import('@adonisjs/core/providers/edge_provider'),
    () => import('@adonisjs/lucid/database_provider'),
    () => import('@adonisjs/redis/redis_provider'),
    () => import('@adonisjs/session/session_provider'),
    () => import('#providers/vite_provider'),
    () => import('@adonisjs/shield/shield_provider'),
    () => import('@adonisjs/static/static_provider'),
    () => import('@adonisjs/inertia/inertia_provider'),
    () => import('@adonisjs/auth/auth_provider'),
    () => import('@adonisjs/ally/ally_provider'),
    () => import('@adonisjs/limiter/limiter_provider'),
    () => import('@adonisjs/queue/queue_provider'),
    () => import('@adonisjs/mail/mail_provider'),
    () => import('@adonisjs/transmit/transmit_provider'),
    () => import('#providers/api_provider'),
    () => import('#providers/app_provider'),
  ],

  preloads: [
    () => import('#start/routes'),
    () => import('#start/kernel'),
    { file: () => import('#start/scheduler'), environment: ['web'] },
    { file: () => import('#start/notification_relay'), environment: ['web'] },
    { file: () => import('#start/test_frontend'), environment: ['test'] },
    () => import('#start/events'),
    () => import('#start/queue_failures'),
  ],

  tests: {
    suites: [
      {
        files: ['tests/unit/**/*.spec.{ts,js}'],
        name: 'unit',
        timeout: 10000,
      },
      {
        files: ['tests/functional/**/*.spec.{ts,js}'],
        name: 'functional',
        timeout: 60000,
      },
      {
        files: ['tests/browser/**/*.spec.{ts,js}'],
        name: 'browser',
        timeout: 120000,
      },
    ],
    forceExit: false,
  },

  metaFiles: [
    { pattern: 'resources/views/**/*.edge', reloadServer: false },
    { pattern: 'public/**', reloadServer: false },
    // The widgets' script-tag build, served under /widgets/<version>/ (app/embeds), and the
    // package file its version (the path) is read from (WidgetBundle).
    { pattern: 'widgets/dist/elements/**', reloadServer: false },
    { pattern: 'widgets/package.json', reloadServer: false },
  ],

  hooks: {
    init: [
      indexEntities({
        // Only the transformers are indexed: routes import controllers lazily per module.
        events: { enabled: false },
        listeners: { enabled: false },
        controllers: { enabled: false },
        transformers: {
          enabled: true,
          withSharedProps: true,
          // Transformers live in their module (app/<module>/transformers/*_transformer.ts).
          // With the source `app/` (trailing slash) and the alias `#`, a file's import path
          // becomes `#<module>/transformers/<name>`, through the module's own package.json
          // alias; the generated types are `Data.<Module>.<Name>`.
          source: 'app/',
          importAlias: '#',
          glob: ['**/app/*/transformers/*_transformer.ts'],
        },
      }),
      // The inertia 4 hook predates the assembler's CodeGen type; it runs fine under it.
      indexPages({ framework: 'react' }) as any,
    ],
    buildStarting: [() => import('@adonisjs/vite/build_hook')],
  },
})
