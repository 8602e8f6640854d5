import type { ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import type User from '#accounts/models/user'

/** `!` escapes LIKE wildcards: unlike `\`, it means the same in SQLite and MySQL string literals. */
const LIKE_ESCAPE = '!'

function likePattern(word: string) {
  return `%${word.replace(/[!%_]/g, (char) => LIKE_ESCAPE + char)}%`
}

/** Splits an admin search into lower-cased words (at most 5, each at most 100 characters). */
export function searchWords(search: string | null | undefined): string[] {
  return (search ?? '')
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 5)
    .map((word) => word.slice(0, 100))
}

/**
 * Narrows a users query to those matching `search`: every word must appear (as a substring,
 * case-insensitively) in the first name, last name or email, so "jane doe" finds Jane Doe and
 * "@acme" finds everyone at acme. LOWER() on both sides keeps it case-insensitive whatever
 * the MySQL collation; `%` and `_` typed by the admin match literally.
 */
export function applyUserSearch(
  query: ModelQueryBuilderContract<typeof User, User>,
  search: string | null | undefined
) {
  for (const word of searchWords(search)) {
    const pattern = likePattern(word)
    query.where((group) => {
      for (const column of ['first_name', 'last_name', 'email']) {
        group.orWhereRaw(`LOWER(${column}) LIKE ? ESCAPE '${LIKE_ESCAPE}'`, [pattern])
      }
    })
  }
  return query
}
