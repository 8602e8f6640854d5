import logger from '@adonisjs/core/services/logger'
import { MailResponse } from '@adonisjs/mail'
import type { MailTransportContract, NodeMailerMessage } from '@adonisjs/mail/types'

/**
 * The `log` mailer (config/mail.ts) used when SMTP_HOST is unset: it logs who would have
 * received which subject and sends nothing, so development works without a mail server.
 * The body is not logged (it may hold lead data).
 */
export class LogMailTransport implements MailTransportContract {
  async send(message: NodeMailerMessage): Promise<MailResponse<undefined>> {
    const to = (message.to ?? []).map((recipient) =>
      typeof recipient === 'string' ? recipient : recipient.address
    )
    logger.info({ to, subject: message.subject }, 'email not sent (SMTP_HOST is not set)')
    const messageId = `<log-${Date.now()}@adrelay.localhost>`
    return new MailResponse(messageId, { from: false, to }, undefined)
  }
}
