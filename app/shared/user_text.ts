import vine from '@vinejs/vine'
import { AppError } from '#shared/errors'

/**
 * Characters never kept in a user-entered name or label:
 * - C0 controls U+0000-U+001F (NUL included), DEL U+007F and C1 controls U+0080-U+009F
 *   (Unicode general category Cc);
 * - the bidirectional formatting characters of Unicode Standard Annex #9 (Unicode
 *   Bidirectional Algorithm, section 2): embeddings and overrides U+202A-U+202E (LRE, RLE, PDF,
 *   LRO, RLO), isolates U+2066-U+2069 (LRI, RLI, FSI, PDI), and the implicit marks U+200E/U+200F
 *   (LRM, RLM) and U+061C (ALM). An override makes a name render in another order than it is
 *   stored ("Trojan Source", CVE-2021-42574), so an admin or a customer could be shown a
 *   different name than the one entered.
 */
const UNSAFE_CHARACTERS =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g
/** Controls that separate words (tab, line feed, vertical tab, form feed, carriage return, NEL). */
// eslint-disable-next-line no-control-regex
const SEPARATING_CONTROLS = /[\t\n\u000B\f\r\u0085]+/g

/**
 * Cleans a name or label a user typed (API key names, device names, invitation-code notes,
 * and the rule and embed names of later features): tabs and line breaks become a space, every
 * other control and bidirectional formatting character (see UNSAFE_CHARACTERS) is removed,
 * runs of whitespace become one space, and the result is trimmed. Returns `''` when nothing
 * visible is left; callers refuse that.
 *
 * `cleanUserEnteredName("Prod\u202Egnp.exe\u0000 ")` → `"Prodgnp.exe"`.
 */
export function cleanUserEnteredName(value: string): string {
  return value
    .replace(SEPARATING_CONTROLS, ' ')
    .replace(UNSAFE_CHARACTERS, '')
    .replace(/\s+/g, ' ')
    .trim()
}

/**
 * `cleanUserEnteredName` for code paths without a VineJS validator (CLI key names, device
 * names): the cleaned name cut to `maxLength` characters (code points).
 * @throws AppError 422 `validation_failed` (field `field`) when nothing visible is left
 */
export function sanitizeName(value: string, field: string, maxLength = 100): string {
  const cleaned = cleanUserEnteredName(value)
  if (cleaned === '') {
    throw new AppError('validation_failed', `${field}: must contain visible characters`, 422, {
      field,
      fields: [{ field, message: 'must contain visible characters', rule: 'userEnteredName' }],
    })
  }
  return [...cleaned].slice(0, maxLength).join('')
}

/**
 * VineJS rule applying `cleanUserEnteredName` to a string field and reporting
 * `"The {field} field must contain visible characters"` (rule `userEnteredName`, answered as
 * 422 `validation_failed`) when nothing is left. Chain it before length rules so they measure
 * the cleaned value: `vine.string().use(userEnteredName()).maxLength(100)`.
 * `allowEmpty: true` keeps a blank optional label blank (an empty form field), but still
 * refuses text made only of invisible characters.
 */
export const userEnteredName = vine.createRule<{ allowEmpty?: boolean } | undefined>(
  (value, options, field) => {
    if (typeof value !== 'string') return
    const cleaned = cleanUserEnteredName(value)
    const blank = value.trim() === ''
    if (cleaned === '' && !(options?.allowEmpty && blank)) {
      field.report(
        'The {{ field }} field must contain visible characters',
        'userEnteredName',
        field
      )
      return
    }
    field.mutate(cleaned, field)
  },
  { name: 'userEnteredName' }
)
