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
import SendAlertDigests from '#alerts/jobs/send_alert_digests'
import CheckMetaTokenExpiry from '#meta/jobs/check_meta_token_expiry'
import CheckSpendThresholds from '#alerts/jobs/check_spend_thresholds'
import PollLeads from '#leads/jobs/poll_leads'

/* Not while `ace codegen` warms the app up (web environment, possibly no database yet). */
if (app.getMode() !== 'warmup') {
  /* Alerts: the daily digest emails due this hour (each user's digest hour, in their time zone). */
  await SendAlertDigests.schedule({}).id('alerts:send-digests').cron('0 * * * *').run()
  /* Alerts: Meta tokens expiring within 7 days. */
  await CheckMetaTokenExpiry.schedule({}).id('meta:token-expiry-alerts').cron('5 * * * *').run()
  /* Alerts: ad accounts whose spend today is above the user's threshold. */
  await CheckSpendThresholds.schedule({}).id('alerts:spend-thresholds').cron('10 * * * *').run()
  /* Leads: new leads of every form, every 15 minutes (Agency). */
  await PollLeads.schedule({}).id('leads:poll').cron('*/15 * * * *').run()
}
