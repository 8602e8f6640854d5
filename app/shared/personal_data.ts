import { fromDbTimestamp } from '#shared/db_time'
import type { LucidModel, LucidRow } from '@adonisjs/lucid/types/model'
import { readConnectionName } from '#shared/read_connection'

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

/** One row of an export section. */
export type ExportRow = { [key: string]: ExportValue }

/** A Luxon timestamp attribute (or null) as an ISO 8601 UTC string, or null. */
export function isoDateTime(value: { toJSDate(): Date } | null | undefined): string | null {
  return isoTimestamp(value ? value.toJSDate() : null)
}

/** Any JSON-serialisable attribute (a JSON column) as an export value; undefined → null. */
export function jsonValue(value: unknown): ExportValue {
  return JSON.parse(JSON.stringify(value ?? null)) as ExportValue
}

/**
 * A table of rows a user owns, as a module's holder lists it: a Lucid model whose table has
 * `id` and `user_id` columns, and how one row reads in the export.
 */
export interface OwnedTable<Model extends LucidModel = LucidModel> {
  model: Model
  exportRow: (row: InstanceType<Model>) => ExportRow
}

/** Types an `OwnedTable` entry (so `exportRow` sees the model's attributes). */
export function ownedTable<Model extends LucidModel>(
  model: Model,
  exportRow: (row: InstanceType<Model>) => ExportRow
): OwnedTable<Model> {
  return { model, exportRow }
}

/**
 * The `many` export sections of a table list, keyed as given (`{ rules: ownedTable(Rule, …) }`):
 * each pages through the user's rows by id (`pageById`, `WHERE user_id = ? AND id > ?`).
 */
export function ownedSections(
  userId: number,
  tables: Record<string, OwnedTable<any>>
): Record<string, ExportSection> {
  const sections: Record<string, ExportSection> = {}
  for (const [name, { model, exportRow }] of Object.entries(tables)) {
    sections[name] = {
      kind: 'many',
      rows: () =>
        pageById(
          (afterId, limit) =>
            model
              .query({ connection: readConnectionName() })
              .where('user_id', userId)
              .where('id', '>', afterId)
              .orderBy('id')
              .limit(limit) as Promise<Array<LucidRow & { id: number }>>,
          exportRow
        ),
    }
  }
  return sections
}

/**
 * Deletes the user's rows of each model, in the order given (children before the rows they
 * reference). Idempotent, as `PersonalDataHolder.erase` must be.
 */
export async function eraseOwnedRows(userId: number, models: LucidModel[]): Promise<void> {
  for (const model of models) await model.query().where('user_id', userId).delete()
}

/**
 * A holder made from a table list: each table is one `many` section of the export (in the
 * order listed), and `erase` deletes the user's rows of `eraseOrder`. A module with more (a
 * single-row section, a table without a model) extends `sections` / `erase`.
 */
export abstract class OwnedRowsHolder implements PersonalDataHolder {
  abstract readonly name: string
  /** Export section name → table (`ownedTable(Model, row => …)`). */
  protected abstract readonly tables: Record<string, OwnedTable<any>>
  /** The models whose rows `erase` deletes, in this order (children first). */
  protected abstract readonly eraseOrder: LucidModel[]

  sections(userId: number): Record<string, ExportSection> {
    return ownedSections(userId, this.tables)
  }

  async erase({ userId }: ErasureSubject): Promise<void> {
    await eraseOwnedRows(userId, this.eraseOrder)
  }
}
