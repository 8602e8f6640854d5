/**
 * Characters that make spreadsheet applications read a cell as a formula (OWASP "CSV
 * Injection": = + - @, and tab / carriage return which some importers strip first).
 */
const FORMULA_TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r'])

/**
 * Makes a text cell inert in spreadsheets by prefixing a single quote when it starts with a
 * formula trigger (`=SUM(A1)` → `'=SUM(A1)`). CSV quoting itself is left to csv-stringify.
 */
export function neutralizeFormula(value: string): string {
  return value.length > 0 && FORMULA_TRIGGERS.has(value[0]) ? `'${value}` : value
}
