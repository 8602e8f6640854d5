/*
| Recurring jobs (@adonisjs/queue scheduler), declared here by the modules that own them, e.g.
|
|   import EvaluateDueRules from '#rules/jobs/evaluate_due_rules'
|   await EvaluateDueRules.schedule({}).every('1m').run()
|
| The schedules are stored in the queue's backend, so several app instances declaring the same
| schedule still run each job once per tick; a worker (`npm run queue:work`) executes them.
*/

import EvaluateDueRules from '#rules/jobs/evaluate_due_rules'

/* Automated rules (issue 16): every minute, run the rules due in the current 15-minute tick. */
await EvaluateDueRules.schedule({}).id('rules:evaluate-due').every('1m').run()
