import { args, BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/** `node ace users:promote <email>`: grants the admin role. */
export default class UsersPromote extends BaseCommand {
  static commandName = 'users:promote'
  static description = 'Grant the admin role to a user (by email)'
  static options: CommandOptions = { startApp: true }

  @args.string({ description: 'Email of the user to promote' })
  declare email: string

  async run() {
    const { setUserRole } = await import('#admin/actions/set_user_role')
    const result = await setUserRole(this.email, 'admin')
    if (!result) {
      this.logger.error(`No user with email ${this.email}. They must sign in once first.`)
      this.exitCode = 1
      return
    }
    this.logger.success(`${result.email} is now an admin`)
  }
}
