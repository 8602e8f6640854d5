import { args, BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/** `node ace users:demote <email>`: removes the admin role. */
export default class UsersDemote extends BaseCommand {
  static commandName = 'users:demote'
  static description = 'Remove the admin role from a user (by email)'
  static options: CommandOptions = { startApp: true }

  @args.string({ description: 'Email of the user to demote' })
  declare email: string

  async run() {
    const { setUserRole } = await import('#admin/actions/set_user_role')
    const result = await setUserRole(this.email, 'user')
    if (!result) {
      this.logger.error(`No user with email ${this.email}`)
      this.exitCode = 1
      return
    }
    this.logger.success(`${result.email} is no longer an admin`)
  }
}
