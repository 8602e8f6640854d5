import { test } from '@japa/runner'
import { cleanUserEnteredName } from '#shared/user_text'

test.group('cleanUserEnteredName', () => {
  test('removes NUL, C0 and C1 controls and DEL', ({ assert }) => {
    assert.equal(cleanUserEnteredName('n8n\u0000 prod\u0007\u007F\u0080\u009F'), 'n8n prod')
  })

  test('removes bidirectional overrides, isolates and marks', ({ assert }) => {
    const bidi = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067']
    const more = ['\u2068', '\u2069', '\u200E', '\u200F', '\u061C']
    for (const character of [...bidi, ...more]) {
      assert.equal(cleanUserEnteredName(`key${character}gpj.exe`), 'keygpj.exe', character)
    }
  })

  test('turns tabs and line breaks into a space and trims', ({ assert }) => {
    assert.equal(cleanUserEnteredName('  Client\tA\r\nads  '), 'Client A ads')
  })

  test('keeps letters of every script, emoji and joiners', ({ assert }) => {
    for (const name of ['Café Zürich', 'مفتاح الإعلانات', '広告キー', 'Team 👩‍💻 keys']) {
      assert.equal(cleanUserEnteredName(name), name)
    }
  })

  test('leaves nothing of a name made only of invisible characters', ({ assert }) => {
    assert.equal(cleanUserEnteredName('\u202E\u0000 \u200F\t'), '')
  })
})
