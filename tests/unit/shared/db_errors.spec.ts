import { test } from '@japa/runner'
import { isUniqueViolation, onceMoreOnUniqueViolation } from '#shared/db_errors'

const mysqlDuplicate = Object.assign(new Error("Duplicate entry '7' for key 'PRIMARY'"), {
  code: 'ER_DUP_ENTRY',
  errno: 1062,
})
const sqliteDuplicate = Object.assign(
  new Error('SQLITE_CONSTRAINT: UNIQUE constraint failed: alert_settings.user_id'),
  { code: 'SQLITE_CONSTRAINT', errno: 19 }
)
const sqliteForeignKey = Object.assign(
  new Error('SQLITE_CONSTRAINT: FOREIGN KEY constraint failed'),
  { code: 'SQLITE_CONSTRAINT', errno: 19 }
)

test.group('Unique-key races', () => {
  test('MySQL and SQLite duplicates are unique violations; other constraints are not', ({
    assert,
  }) => {
    assert.isTrue(isUniqueViolation(mysqlDuplicate))
    assert.isTrue(isUniqueViolation(sqliteDuplicate))
    assert.isFalse(isUniqueViolation(sqliteForeignKey))
    assert.isFalse(isUniqueViolation(new Error('connection lost')))
    assert.isFalse(isUniqueViolation(null))
  })

  test('a lost look-then-insert race runs once more and takes the found path', async ({
    assert,
  }) => {
    let runs = 0
    const result = await onceMoreOnUniqueViolation(async () => {
      runs++
      if (runs === 1) throw mysqlDuplicate
      return 'updated'
    })
    assert.equal(result, 'updated')
    assert.equal(runs, 2)
  })

  test('other errors, and a second violation, are thrown as they are', async ({ assert }) => {
    let runs = 0
    await assert.rejects(
      () =>
        onceMoreOnUniqueViolation(async () => {
          runs++
          throw sqliteForeignKey
        }),
      /FOREIGN KEY/
    )
    assert.equal(runs, 1)
    runs = 0
    await assert.rejects(
      () =>
        onceMoreOnUniqueViolation(async () => {
          runs++
          throw sqliteDuplicate
        }),
      /UNIQUE/
    )
    assert.equal(runs, 2)
  })
})
