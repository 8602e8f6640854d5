/*
| Japa entry point (`node ace test` spawns this file).
*/
process.env.NODE_ENV = 'test'
// Functional and browser suites start the app on HOST:PORT (override PORT to run suites side by side).
process.env.HOST ??= '127.0.0.1'
process.env.PORT ??= '3334'

// Every timestamp is stored and computed in UTC, whatever the host's zone.
process.env.TZ = 'UTC'

import 'reflect-metadata'
import { Ignitor, prettyPrintError } from '@adonisjs/core'
import { configure, processCLIArgs, run } from '@japa/runner'

const APP_ROOT = new URL('../', import.meta.url)

/**
 * Ends esbuild's service process once the app has terminated. Vite (started in middleware
 * mode for the browser suite) scans and pre-bundles dependencies through it; its closed dev
 * server leaves the process referenced, and the run otherwise idles until esbuild lets go
 * (about 10 s, far longer on a loaded machine) before exiting.
 */
async function stopEsbuildService() {
  const esbuild = await import('esbuild')
  await esbuild.stop()
}

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
  .testRunner()
  .configure(async (app) => {
    const { runnerHooks, ...config } = await import('../tests/bootstrap.js')

    processCLIArgs(process.argv.splice(2))
    configure({
      ...app.rcFile.tests,
      ...config,
      ...{
        setup: runnerHooks.setup,
        teardown: runnerHooks.teardown.concat([() => app.terminate(), stopEsbuildService]),
      },
    })
  })
  .run(() => run())
  .catch((error) => {
    process.exitCode = 1
    prettyPrintError(error)
  })
