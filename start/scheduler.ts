/*
| Recurring jobs (@adonisjs/queue scheduler), declared here by the modules that own them, e.g.
|
|   import EvaluateDueRules from '#rules/jobs/evaluate_due_rules'
|   await EvaluateDueRules.schedule({}).every('1m').run()
|
| The schedules are stored in the queue's backend, so several app instances declaring the same
| schedule still run each job once per tick; a worker (`npm run queue:work`) executes them.
*/

import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import EvaluateDueRules from '#rules/jobs/evaluate_due_rules'

/*
| Automated rules (issue 16): every minute, run the rules due in the current 15-minute tick.
| Registered once the app is ready (never while `ace codegen` / `build` warm the app up), and in
| development (`npm run dev`) a worker runs in-process; elsewhere run `npm run queue:work`.
*/
if (app.getMode() === 'run') {
  app.ready(async () => {
    try {
      await EvaluateDueRules.schedule({}).id('rules:evaluate-due').every('1m').run()
      if (app.inDev && process.env.QUEUE_IN_PROCESS_WORKER !== 'false') {
        const { startInProcessWorker } = await import('#rules/jobs/in_process_worker')
        await startInProcessWorker()
      }
    } catch (error) {
      logger.error({ err: error }, 'could not schedule the automated rules')
    }
  })
}
