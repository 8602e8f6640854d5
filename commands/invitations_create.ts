import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * `node ace invitations:create --plan=agency --days=30 --max=10 [--code=SPRING] [--expires=2026-12-31]`:
 * creates an invitation code (generated when --code is omitted) and prints it.
 */
export default class InvitationsCreate extends BaseCommand {
  static commandName = 'invitations:create'
  static description = 'Create an invitation code that grants a paid plan without payment'
  static options: CommandOptions = { startApp: true }

  @flags.string({ description: 'Plan the code grants (trafficker or agency)', required: true })
  declare plan: string

  @flags.number({ description: 'Days each redemption grants the plan for', default: 30 })
  declare days: number

  @flags.number({ description: 'How many users may redeem the code', default: 1 })
  declare max: number

  @flags.string({ description: 'The code (upper-cased); generated when omitted' })
  declare code?: string

  @flags.string({ description: 'Last day the code can be redeemed (YYYY-MM-DD, UTC, inclusive)' })
  declare expires?: string

  @flags.string({ description: 'A note for admins' })
  declare note?: string

  async run() {
    const { DateTime } = await import('luxon')
    const { CreateInvitationCode } = await import('#billing/actions/create_invitation_code')
    const { AppError } = await import('#shared/errors')
    let expiresAt = null
    if (this.expires) {
      const day = DateTime.fromISO(this.expires, { zone: 'utc' })
      if (!day.isValid) {
        this.logger.error('--expires must be a date such as 2026-12-31')
        this.exitCode = 1
        return
      }
      expiresAt = day.endOf('day')
    }
    try {
      const created = await new CreateInvitationCode().execute({
        code: this.code ?? null,
        planId: this.plan as any,
        grantDays: this.days,
        maxRedemptions: this.max,
        expiresAt,
        note: this.note ?? null,
      })
      this.logger.success(
        `${created.code}: ${created.planId} for ${created.grantDays} days, up to ${created.maxRedemptions} redemption(s)` +
          (created.expiresAt ? `, until ${created.expiresAt}` : '')
      )
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      this.logger.error(error.message)
      this.exitCode = 1
    }
  }
}
