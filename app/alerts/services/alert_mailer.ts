import mail from '@adonisjs/mail/services/main'
import type { MessageComposeCallback } from '@adonisjs/mail/types'
import { appUrl } from '#config/app'
import User from '#accounts/models/user'
import type Notification from '#alerts/models/notification'

/** What AlertMailer needs from `@adonisjs/mail`: its `send`. */
export interface MailSender {
  send(compose: MessageComposeCallback): Promise<unknown>
}

/**
 * Renders and sends alert emails (resources/views/emails/alert.edge, plus a plain-text part)
 * through `@adonisjs/mail` (config/mail.ts: SMTP, or the log mailer in development). Resolved
 * from the container, so tests hand in a mailer pointed at a local SMTP server.
 */
export class AlertMailer {
  constructor(protected mailer: MailSender = mail) {}

  /**
   * Sends one email to the user's address listing `notifications`: one alert (subject: its
   * title) or the daily digest (`digest: true`, subject with the count).
   * @throws whatever the transport throws (SMTP refusal, connection error)
   */
  async send(userId: number, notifications: Notification[], digest = false) {
    const user = await User.findOrFail(userId)
    const heading = digest ? 'Your daily Adrelay digest' : 'Adrelay alert'
    const subject =
      digest || notifications.length > 1
        ? `${heading}: ${notifications.length} alert${notifications.length === 1 ? '' : 's'}`
        : notifications[0].title
    const items = notifications.map((notification) => ({
      title: notification.title,
      message: notification.message,
      link: notification.url ? new URL(notification.url, appUrl).toString() : null,
    }))
    const preferencesLink = new URL('/alerts', appUrl).toString()
    const text = items
      .map((item) => [item.title, item.message, item.link ?? ''].filter(Boolean).join('\n'))
      .join('\n\n')
    await this.mailer.send((message) => {
      message
        .to(user.email)
        .subject(subject)
        .htmlView('emails/alert', { title: subject, heading, items, preferencesLink })
        .text(`${text}\n\nChange your alert preferences: ${preferencesLink}`)
    })
  }
}
