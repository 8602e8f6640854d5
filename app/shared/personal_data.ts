import { fromDbTimestamp } from '#shared/db_time'

/**
 * The contract between the data-rights use cases (export, account deletion) and the modules
 * that store something about a user. Each module that holds personal data implements one
 * `PersonalDataHolder` in `app/<module>/personal_data.ts` and lists it in
 * `start/personal_data.ts`; `ExportPersonalData` and `DeleteAccount` only ever go through
 * this list, so a module that is not listed is neither exported nor deleted. See
 * ARCHITECTURE.md "Personal data" and ADR 0010.
 */

/** A JSON-safe value: what an export section may contain. */
export type ExportValue =
  string | number | boolean | null | ExportValue[] | { [key: string]: ExportValue }

/**
 * One key of the export document's `data` object.
 * - `one`: a single object (or null when the module holds nothing), read at once.
 * - `many`: a list, read row by row from an async iterable. Implementations must page through
 *   storage (a cursor and a bounded chunk size), never load every row: the export writes each
 *   row as it arrives, so memory stays flat however many rows there are.
 */
export type ExportSection =
  | { kind: 'one'; read: () => Promise<{ [key: string]: ExportValue } | null> }
  | { kind: 'many'; rows: () => AsyncIterable<{ [key: string]: ExportValue }> }

/** The user being deleted, as the erase steps see them. */
export interface ErasureSubject {
  userId: number
  /** The email at the time the deletion started (to scrub free-text copies of it). */
  email: string
  /** What the admin audit log says instead of the user from now on (`deleted-user-…`). */
  pseudonym: string
  /** A browser session to leave open (the self-deletion request's own; ended at the end). */
  keepSessionId?: string
}

/**
 * What one module stores about a user.
 *
 * `erase` must be idempotent and safe to run again after a partial run: a deletion that
 * stopped half-way (an outside service down, a crash) is run again from the first step that
 * did not finish. It throws when the step could not be completed (the deletion then stops
 * there and can be retried); it must not throw for "already gone".
 */
export interface PersonalDataHolder {
  /** Stable snake_case name: the deletion step name (stored in `account_deletions`). */
  readonly name: string
  /** Sections of the export, keyed by their name in the document (camelCase). */
  sections(userId: number): Record<string, ExportSection>
  /** Deletes (or, for the audit log, pseudonymises) everything this module holds. */
  erase(subject: ErasureSubject): Promise<void>
}

/** A holder class, resolved through the container so it gets its clients injected. */
export type PersonalDataHolderClass = new (...args: any[]) => PersonalDataHolder

/** A lazily imported holder module (`() => import('#billing/personal_data')`). */
export type LazyPersonalDataHolder = () => Promise<{ default: PersonalDataHolderClass }>

/**
 * Pages through a table by ascending id: `fetch(afterId, limit)` returns the next `limit` rows
 * with `id > afterId` in id order. Yields the rows one by one; at most `chunkSize` rows are
 * held at a time. Rows are mapped by `map` as they are yielded.
 */
export async function* pageById<Row extends { id: number | string }, Out>(
  fetch: (afterId: number, limit: number) => Promise<Row[]>,
  map: (row: Row) => Out,
  chunkSize = 1000
): AsyncGenerator<Out> {
  let afterId = 0
  while (true) {
    const rows = await fetch(afterId, chunkSize)
    for (const row of rows) yield map(row)
    if (rows.length < chunkSize) return
    afterId = Number(rows[rows.length - 1].id)
  }
}

/** A timestamp column (either driver's form) as an ISO 8601 UTC string, or null. */
export function isoTimestamp(value: Date | string | number | null | undefined): string | null {
  if (value === null || value === undefined) return null
  return fromDbTimestamp(value).toISOString()
}
