/** Lucid column options for a JSON object stored in a text column (SQLite and MySQL alike). */
export const jsonObjectColumn = {
  prepare: (value: Record<string, unknown> | null) => (value ? JSON.stringify(value) : null),
  consume: (value: string | Record<string, unknown> | null) =>
    value === null || value === undefined
      ? null
      : typeof value === 'string'
        ? (JSON.parse(value) as Record<string, unknown>)
        : value,
}

/** Lucid column options for a boolean stored as 0/1 (SQLite, MySQL tinyint). */
export const booleanColumn = { consume: (value: unknown) => Boolean(value) }
