import env from '#start/env'
import { defineConfig, transports } from '@adonisjs/mail'
import type { InferMailers } from '@adonisjs/mail/types'
import { LogMailTransport } from '#alerts/services/log_mail_transport'

/**
 * Outgoing email (`@adonisjs/mail`): SMTP when SMTP_HOST is set, otherwise the `log` mailer,
 * which writes the recipient and subject to the log instead of sending (development).
 * Tests point SMTP_HOST at a local SMTP server (tests/stand_ins/smtp_server.ts).
 */
const mailConfig = defineConfig({
  default: env.get('SMTP_HOST') ? 'smtp' : 'log',

  from: { address: env.get('MAIL_FROM_ADDRESS') ?? 'alerts@adrelay.localhost', name: 'Adrelay' },

  mailers: {
    smtp: transports.smtp({
      host: env.get('SMTP_HOST') ?? '127.0.0.1',
      port: env.get('SMTP_PORT') ?? 587,
      secure: env.get('SMTP_SECURE') ?? false,
      auth: env.get('SMTP_USERNAME')
        ? {
            type: 'login',
            user: env.get('SMTP_USERNAME')!,
            pass: env.get('SMTP_PASSWORD')?.release() ?? '',
          }
        : undefined,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    }),
    log: () => new LogMailTransport(),
  },
})

export default mailConfig

declare module '@adonisjs/mail/types' {
  export interface MailersList extends InferMailers<typeof mailConfig> {}
}
