import app from '@adonisjs/core/services/app'
import { MailManager } from '@adonisjs/mail'
import { SMTPTransport } from '@adonisjs/mail/transports/smtp'
import { Worker } from '@adonisjs/queue'
import { AlertMailer } from '#alerts/services/alert_mailer'
import type { SmtpStandIn } from '#stand_ins/smtp_server'
import type { RaisedAlert } from '#alerts/events'

/**
 * Sends alert emails over real SMTP to the stand-in (instead of the log mailer the test
 * environment has without SMTP_HOST). Call the returned function to restore.
 */
export async function useSmtpStandIn(smtp: SmtpStandIn) {
  const emitter = await app.container.make('emitter')
  const manager = new MailManager(emitter as any, {
    default: 'smtp',
    from: { address: 'alerts@adrelay.test', name: 'Adrelay' },
    mailers: {
      smtp: () =>
        new SMTPTransport({
          host: '127.0.0.1',
          port: smtp.port,
          secure: false,
          ignoreTLS: true,
        }),
    },
  })
  app.container.swap(AlertMailer, () => new AlertMailer(manager))
  return () => app.container.restore(AlertMailer)
}

/**
 * Runs what the queue holds with a real `@adonisjs/queue` worker (the app's adapter:
 * database, or Redis with REDIS_URL), the way `node ace queue:work` would, until no job is
 * due. Returns how many jobs ran.
 */
export async function runDueJobs(): Promise<number> {
  const config = app.config.get<any>('queue')
  const adapters: Record<string, any> = {}
  for (const [name, adapter] of Object.entries<any>(config.adapters)) {
    adapters[name] = typeof adapter === 'function' ? adapter : await adapter.resolver(app)
  }
  const worker = new Worker({
    ...config,
    autoLoadJobs: false,
    adapters,
    jobFactory: (jobClass: any) => app.container.make(jobClass),
    worker: { ...config.worker, concurrency: 1, idleDelay: 10 },
  })
  let completed = 0
  let started = 0
  for (;;) {
    const cycle = await worker.processCycle(['default'])
    if (!cycle) break
    if (cycle.type === 'started') started += 1
    if (cycle.type === 'completed') completed += 1
    if (cycle.type === 'idle' && completed >= started) break
  }
  await worker.stop()
  return completed
}

let sequence = 0

/** An alert for `userId` with a unique dedupe key (override anything). */
export function anAlert(userId: number, overrides: Partial<RaisedAlert> = {}): RaisedAlert {
  sequence += 1
  return {
    userId,
    type: 'spend_threshold',
    dedupeKey: `spend_threshold:act_${sequence}:${Date.now()}`,
    title: 'Spend above threshold on Summer Sale',
    message: 'Ad account Summer Sale spent $612.40 today, above your $500.00 threshold.',
    url: '/alerts',
    data: { adAccountId: `act_${sequence}`, spendMinor: 61240, thresholdMinor: 50000 },
    ...overrides,
  }
}
