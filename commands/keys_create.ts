import { args, BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * `node ace keys:create <email> [--name] [--plan] [--create-user]`: mints an API key for a
 * user from the server's shell (self-hosting, support, benchmarks). Prints the key once.
 */
export default class KeysCreate extends BaseCommand {
  static commandName = 'keys:create'
  static description = 'Mint an API key for a user (prints it once)'
  static options: CommandOptions = { startApp: true }

  @args.string({ description: 'Email of the key owner' })
  declare email: string

  @flags.string({ description: 'Key name', default: 'CLI key' })
  declare name: string

  @flags.string({
    description: 'Put the user on this plan (free, trafficker, agency) without payment',
  })
  declare plan?: string

  @flags.boolean({ description: 'Create the user when no account has this email' })
  declare createUser?: boolean

  async run() {
    const { default: User } = await import('#accounts/models/user')
    const { default: Subscription } = await import('#accounts/models/subscription')
    const { findPlan } = await import('#accounts/plan_catalog')
    const { CreateApiKey } = await import('#keys/actions/create_api_key')
    const { DateTime } = await import('luxon')

    const email = this.email.trim().toLowerCase()
    let user = await User.findBy('email', email)
    if (!user && this.createUser) user = await User.create({ email, role: 'user' })
    if (!user) {
      this.logger.error(`No user with email ${email} (pass --create-user to create one)`)
      this.exitCode = 1
      return
    }
    if (this.plan) {
      const plan = findPlan(this.plan)
      if (!plan) {
        this.logger.error(`Unknown plan ${this.plan}`)
        this.exitCode = 1
        return
      }
      await Subscription.updateOrCreate(
        { userId: user.id },
        {
          userId: user.id,
          planId: plan.id,
          status: 'active',
          provider: 'manual',
          currentPeriodStart: DateTime.utc(),
          currentPeriodEnd: DateTime.utc().plus({ months: 1 }),
        }
      )
    }
    const { key } = await new CreateApiKey().execute(user.id, this.name)
    // The key alone on stdout so scripts can capture it.
    console.log(key)
  }
}
