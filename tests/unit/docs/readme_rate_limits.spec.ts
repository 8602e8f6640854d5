import { test } from '@japa/runner'
import { readFile } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'
import string from '@adonisjs/core/helpers/string'
import { DEVICE_CODE_ENTRY_LIMIT } from '#start/limiter'

/** The rows of README's "Rate limits of the screens" table, as lists of cells. */
async function rateLimitRows(): Promise<string[][]> {
  const readme = await readFile(app.makePath('README.md'), 'utf8')
  const section = readme.split('### Rate limits of the screens')[1]?.split('\n## ')[0] ?? ''
  return section
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim())
    )
}

test.group('README: rate limits of the screens', () => {
  test('the /device wrong-code limit is listed with the numbers the limiter uses', async ({
    assert,
  }) => {
    const row = (await rateLimitRows()).find(([what]) => what.includes('`/device`'))
    assert.exists(row, 'no row for /device in the README rate-limit table')
    const [what, limit, per] = row!
    assert.include(what, '`POST /api/device/lookup`')
    assert.include(what, '`POST /api/device/decision`')
    const windowMinutes = string.seconds.parse(DEVICE_CODE_ENTRY_LIMIT.every) / 60
    const blockSeconds = string.seconds.parse(DEVICE_CODE_ENTRY_LIMIT.blockFor)
    assert.include(
      limit,
      `${DEVICE_CODE_ENTRY_LIMIT.requests} wrong codes per ${windowMinutes} minutes`
    )
    assert.include(limit, `for ${blockSeconds / 60} minutes (\`Retry-After: ${blockSeconds}\`)`)
    assert.equal(per, 'user')
  })
})
