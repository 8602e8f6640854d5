/*
| HTTP server entry point (used by `npm start` on the production build and by `node ace serve`).
*/
// Every timestamp is stored and computed in UTC, whatever the host's zone.
process.env.TZ = 'UTC'
// Listen on the loopback interface unless told otherwise (AdonisJS's own default is 0.0.0.0,
// every interface): a development server must not be reachable from the LAN. Deployments
// behind a proxy or in a container set HOST=0.0.0.0 (README, Configuration).
if (!process.env.HOST) process.env.HOST = 'localhost'

import 'reflect-metadata'
import { Ignitor, prettyPrintError } from '@adonisjs/core'

const APP_ROOT = new URL('../', import.meta.url)

const IMPORTER = (filePath: string) => {
  if (filePath.startsWith('./') || filePath.startsWith('../')) {
    return import(new URL(filePath, APP_ROOT).href)
  }
  return import(filePath)
}

new Ignitor(APP_ROOT, { importer: IMPORTER })
  .tap((app) => {
    app.booting(async () => {
      await import('../start/env.js')
    })
    app.listen('SIGTERM', () => app.terminate())
    app.listenIf(app.managedByPm2, 'SIGINT', () => app.terminate())
  })
  .httpServer()
  .start()
  .catch((error) => {
    process.exitCode = 1
    prettyPrintError(error)
  })
