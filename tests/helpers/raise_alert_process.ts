/*
| A second process that raises one alert, as a queue worker (`npm run queue:work`) would:
| boots the app (console environment, the same database as the test run, from the inherited
| environment), runs the alerts pipeline, exits. Used by the live-notification tests.
|
|   node --import=@poppinss/ts-exec tests/helpers/raise_alert_process.ts <userId> <title>
*/
import 'reflect-metadata'
import { Ignitor } from '@adonisjs/core'

const [userId, title] = process.argv.slice(2)
const APP_ROOT = new URL('../../', import.meta.url)
const app = new Ignitor(APP_ROOT, {
  importer: (filePath: string) =>
    filePath.startsWith('./') || filePath.startsWith('../')
      ? import(new URL(filePath, APP_ROOT).href)
      : import(filePath),
})
  .tap((application) => {
    application.booting(async () => {
      await import('#start/env')
    })
  })
  .createApp('console')
await app.init()
await app.boot()
await app.start(async () => {})
const { RaiseAlert } = await import('#alerts/actions/raise_alert')
const outcome = await new RaiseAlert().execute({
  userId: Number(userId),
  type: 'rule_fired',
  dedupeKey: `other-process:${title}`,
  title,
  message: 'Raised in a separate process.',
  url: '/alerts',
})
console.log(JSON.stringify(outcome))
await app.terminate()
process.exit(0)
