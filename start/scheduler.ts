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
import SendAlertDigests from '#alerts/jobs/send_alert_digests'
import CheckMetaTokenExpiry from '#meta/jobs/check_meta_token_expiry'
import CheckSpendThresholds from '#alerts/jobs/check_spend_thresholds'
import PollLeads from '#leads/jobs/poll_leads'
import PruneAuditLogJob from '#admin/jobs/prune_audit_log_job'

/*
| Registered once the app is ready (never while `ace codegen` / `build` warm the app up), and in
| development (`npm run dev`) a worker runs in-process; elsewhere run `npm run queue:work`.
*/
if (app.getMode() === 'run') {
  app.ready(async () => {
    try {
      /* Automated rules (issue 16): every minute, run the rules due in the current 15-minute tick. */
      await EvaluateDueRules.schedule({}).id('rules:evaluate-due').every('1m').run()
      /* Alerts: the daily digest emails due this hour (each user's digest hour, in their time zone). */
      await SendAlertDigests.schedule({}).id('alerts:send-digests').cron('0 * * * *').run()
      /* Alerts: Meta tokens expiring within 7 days. */
      await CheckMetaTokenExpiry.schedule({}).id('meta:token-expiry-alerts').cron('5 * * * *').run()
      /* Alerts: ad accounts whose spend today is above the user's threshold. */
      await CheckSpendThresholds.schedule({}).id('alerts:spend-thresholds').cron('10 * * * *').run()
      /* Leads: new leads of every form, every 15 minutes (Agency). */
      await PollLeads.schedule({}).id('leads:poll').cron('*/15 * * * *').run()
      /* Admin audit log retention (AUDIT_LOG_RETENTION_DAYS): every day at 03:17 UTC. */
      await PruneAuditLogJob.schedule({}).id('prune-audit-log').cron('17 3 * * *').run()
      if (app.inDev && process.env.QUEUE_IN_PROCESS_WORKER !== 'false') {
        const { startInProcessWorker } = await import('#rules/jobs/in_process_worker')
        await startInProcessWorker()
      }
    } catch (error) {
      logger.error({ err: error }, 'could not register the scheduled jobs')
    }
  })
}
