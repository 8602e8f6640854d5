import { test } from '@japa/runner'
import { createUser, setPlan } from '#tests/helpers/factories'
import { useRolledBackTransaction } from '#tests/helpers/rolled_back_transaction'

/** Minimal RFC 4180 reader for the assertions (quoted fields, doubled quotes, CRLF or LF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"'
        index += 1
      } else if (char === '"') {
        quoted = false
      } else {
        field += char
      }
    } else if (char === '"') {
      quoted = true
    } else if (char === ',') {
      row.push(field)
      field = ''
    } else if (char === '\n' || (char === '\r' && text[index + 1] === '\n')) {
      if (char === '\r') index += 1
      row.push(field)
      rows.push(row)
      row = []
      field = ''
    } else {
      field += char
    }
  }
  if (field || row.length) rows.push([...row, field])
  return rows
}

test.group('Admin CSV export', (group) => {
  useRolledBackTransaction(group)
  test('exports the users matching the search as a CSV attachment with a header row', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ role: 'admin' })
    const paid = await createUser({
      email: 'ann@export-one.test',
      firstName: 'Ann',
      lastName: 'Lee',
    })
    await createUser({ email: 'bob@export-one.test', firstName: 'Bob', lastName: 'Ray' })
    await createUser({ email: 'carl@not-exported.test', firstName: 'Carl', lastName: 'Ex' })
    await setPlan(paid, 'agency', 'active', 'stripe')

    const response = await client
      .get('/api/admin/users/export')
      .qs({ search: 'export-one' })
      .loginAs(admin)
    response.assertStatus(200)
    assert.match(response.header('content-type') ?? '', /^text\/csv; charset=utf-8/)
    assert.match(
      response.header('content-disposition') ?? '',
      /^attachment; filename="adrelay-users-\d{4}-\d{2}-\d{2}\.csv"$/
    )

    const [header, ...rows] = parseCsv(response.text())
    assert.deepEqual(header, [
      'id',
      'email',
      'first_name',
      'last_name',
      'role',
      'plan',
      'subscription_status',
      'subscription_provider',
      'created_at',
      'suspended_at',
    ])
    assert.deepEqual(rows.map((row) => row[1]).sort(), [
      'ann@export-one.test',
      'bob@export-one.test',
    ])
    const ann = rows.find((row) => row[1] === 'ann@export-one.test')!
    assert.deepEqual(ann.slice(0, 8), [
      String(paid.id),
      'ann@export-one.test',
      'Ann',
      'Lee',
      'user',
      'Agency',
      'active',
      'stripe',
    ])
    assert.match(ann[8], /^\d{4}-\d{2}-\d{2}T/)
    assert.equal(ann[9], '')
  })

  test('a name beginning with = is quoted against formula injection, and commas and quotes are escaped', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ role: 'admin' })
    await createUser({
      email: 'evil@formula.test',
      firstName: '=HYPERLINK("http://evil.test","Click")',
      lastName: 'Doe, "Jr"',
    })
    await createUser({ email: 'plus@formula.test', firstName: '+1 555', lastName: '@home' })
    await createUser({ email: 'minus@formula.test', firstName: '-2+3', lastName: 'Safe-name' })

    const response = await client
      .get('/api/admin/users/export')
      .qs({ search: 'formula.test' })
      .loginAs(admin)
    response.assertStatus(200)
    const text = response.text()
    assert.include(text, `"'=HYPERLINK(""http://evil.test"",""Click"")","Doe, ""Jr"""`)

    const rows = parseCsv(text).slice(1)
    const byEmail = Object.fromEntries(rows.map((row) => [row[1], row]))
    assert.equal(byEmail['evil@formula.test'][2], `'=HYPERLINK("http://evil.test","Click")`)
    assert.equal(byEmail['evil@formula.test'][3], 'Doe, "Jr"')
    assert.equal(byEmail['plus@formula.test'][2], "'+1 555")
    assert.equal(byEmail['plus@formula.test'][3], "'@home")
    assert.equal(byEmail['minus@formula.test'][2], "'-2+3")
    assert.equal(byEmail['minus@formula.test'][3], 'Safe-name')
    for (const row of rows) {
      for (const cell of row) assert.notMatch(cell, /^[=+\-@\t\r]/)
    }
  })

  test('more users than one read chunk are all exported', async ({ client, assert }) => {
    const admin = await createUser({ role: 'admin' })
    for (let index = 0; index < 520; index += 1) {
      await createUser({ email: `bulk${index}@bulk-export.test` })
    }
    const response = await client
      .get('/api/admin/users/export')
      .qs({ search: 'bulk-export' })
      .loginAs(admin)
    response.assertStatus(200)
    const rows = parseCsv(response.text()).slice(1)
    assert.lengthOf(rows, 520)
    assert.equal(new Set(rows.map((row) => row[1])).size, 520)
  }).timeout(120_000)
})
