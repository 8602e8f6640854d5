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
import PruneAuditLogJob from '#admin/jobs/prune_audit_log_job'

/*
| `node ace codegen` (and so `npm run typecheck` / the build) assembles the web app in "warmup"
| mode without a database: schedules are stored only by an app that really runs.
*/
if (app.getMode() !== 'warmup') {
  /* Admin audit log retention (AUDIT_LOG_RETENTION_DAYS): every day at 03:17 UTC. */
  await PruneAuditLogJob.schedule({}).id('prune-audit-log').cron('17 3 * * *').run()
}
