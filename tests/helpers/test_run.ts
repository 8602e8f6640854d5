import { rmdir } from 'node:fs/promises'

/**
 * What tells one test run apart from another on the same checkout: its app port. CI runs the
 * SQLite and the MySQL + Redis suites side by side (PORT 3334 and 3335, see .ci/run), so every
 * file a test writes into the project (public/, tmp/) carries it, and neither run deletes a
 * file the other is still requesting.
 */
export const TEST_RUN_ID = process.env.PORT ?? '3334'

/** Removes `folder` if it is empty: another test run may still have its own file there. */
export async function removeFolderIfEmpty(folder: string) {
  try {
    await rmdir(folder)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code !== 'ENOTEMPTY' && code !== 'ENOENT' && code !== 'EEXIST') throw error
  }
}
