import { rmdir } from 'node:fs/promises'

/**
 * What tells one test run apart from another on the same checkout: its app port (bin/test.ts
 * defaults it to 3334). Two runs can share a checkout by hand, e.g. SQLite and MySQL + Redis
 * with PORT 3334 and 3335 (ADR 0022; CI runs them one after the other), so every file a test
 * writes into the project (public/, tmp/) carries it, and neither run deletes a file the other
 * is still requesting. vite.config.ts and vitest.config.ts key their caches the same way.
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
