import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { LucidRow } from '@adonisjs/lucid/types/model'
import { DateTime } from 'luxon'
import { toDbTimestamp } from '#shared/db_time'

/**
 * Set-based writes for the rules tick (issue 16: a 10,000-rule tick spent most of its time in
 * one statement, and on SQLite one commit, per rule). Plain SQL that SQLite and MySQL both run:
 * multi-row `INSERT`s and `UPDATE … SET col = CASE id WHEN … END WHERE id IN (…)`.
 */

/**
 * Rows per statement. SQLite binds at most 32,766 parameters (3.32+); an update of 6 columns
 * binds 2 per row and column plus the ids, so 200 rows stay far below it on both drivers.
 */
export const ROWS_PER_STATEMENT = 200

/** Splits `items` into chunks of `size`. */
export function chunks<T>(items: T[], size = ROWS_PER_STATEMENT): T[][] {
  const result: T[][] = []
  for (let start = 0; start < items.length; start += size) {
    result.push(items.slice(start, start + size))
  }
  return result
}

/**
 * Inserts unsaved Lucid rows of one model with multi-row `INSERT`s through `client` (a
 * transaction, usually): the same column values `Model.create` would write (`prepare`
 * functions applied, `autoCreate` timestamps set), every row with the same columns (missing
 * ones as NULL) so both dialects accept the statement. Ids are not read back here (MySQL has
 * no `RETURNING`); callers that need them read them by a key they know.
 */
export async function insertRows(client: QueryClientContract, rows: LucidRow[]) {
  if (rows.length === 0) return
  const Model = rows[0].constructor as any
  const columns = [...Model.$columnsDefinitions.entries()].filter(
    ([, column]: [string, any]) => !column.isPrimary
  ) as Array<[string, any]>
  const values = rows.map((row: any) => {
    row.initiateAutoCreateColumns()
    const prepared = row.prepareForAdapter(row.$attributes) as Record<string, unknown>
    const record: Record<string, unknown> = {}
    for (const [, column] of columns) {
      const value = prepared[column.columnName]
      record[column.columnName] = value === undefined ? null : value
    }
    return record
  })
  for (const chunk of chunks(values)) {
    await client.insertQuery().table(Model.table).multiInsert(chunk)
  }
}

/**
 * Updates many rows of `table` by id in one statement per chunk: each column gets a
 * `CASE id WHEN ? THEN ? … END`. `rows` carry the id and the new values by column name;
 * luxon DateTimes are written as UTC `YYYY-MM-DD HH:mm:ss` (#shared/db_time).
 */
export async function updateRowsById(
  client: QueryClientContract,
  table: string,
  columns: string[],
  rows: Array<{ id: number; values: Record<string, unknown> }>
) {
  for (const chunk of chunks(rows)) {
    const bindings: any[] = []
    const sets = columns.map((column) => {
      const cases = chunk.map((row) => {
        bindings.push(row.id, toSqlValue(row.values[column]))
        return 'WHEN ? THEN ?'
      })
      return `${quote(column)} = CASE ${quote('id')} ${cases.join(' ')} END`
    })
    bindings.push(...chunk.map((row) => row.id))
    await client.rawQuery(
      `UPDATE ${quote(table)} SET ${sets.join(', ')} WHERE ${quote('id')} IN (${chunk.map(() => '?').join(', ')})`,
      bindings
    )
  }
}

function toSqlValue(value: unknown) {
  if (value instanceof DateTime) return toDbTimestamp(value)
  if (value === undefined) return null
  if (typeof value === 'boolean') return value ? 1 : 0
  return value
}

/** Identifiers here are our own constant column names; quoted with backticks (MySQL, SQLite). */
function quote(name: string) {
  return `\`${name}\``
}
