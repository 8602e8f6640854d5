import User from '#accounts/models/user'
import { applyUserSearch } from '#admin/services/user_search'
import { toAdminUser, type AdminUser } from '#admin/transformers/admin_user'

export interface ListUsersInput {
  /** Words matched against first name, last name and email (case-insensitive). */
  search?: string | null
  /** 1-based page number. */
  page: number
  /** Rows per page, 1-100. */
  perPage: number
}

export interface ListUsersResult {
  users: AdminUser[]
  meta: { total: number; page: number; perPage: number; lastPage: number }
}

/** Users matching a search, newest first, one page at a time (`GET /api/admin/users`). */
export class ListUsers {
  async execute(input: ListUsersInput): Promise<ListUsersResult> {
    const query = applyUserSearch(User.query(), input.search)
      .preload('subscription', (subscription) => subscription.preload('plan'))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
    const page = await query.paginate(input.page, input.perPage)
    return {
      users: page.all().map(toAdminUser),
      meta: {
        total: page.total,
        page: page.currentPage,
        perPage: page.perPage,
        lastPage: page.lastPage,
      },
    }
  }
}
