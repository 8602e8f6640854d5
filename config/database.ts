import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { defineConfig } from '@adonisjs/lucid'

/**
 * SQLite (through the N-API `sqlite3` driver) is the embedded default: the file lives under
 * tmp/ and is created on first migration. `DB_CONNECTION=mysql` switches to MySQL/MariaDB
 * through mysql2. The same migrations run on both.
 */
const sqliteFile =
  env.get('SQLITE_FILE') ?? app.tmpPath(app.inTest ? 'adrelay_test.sqlite3' : 'adrelay.sqlite3')

mkdirSync(dirname(sqliteFile), { recursive: true })

const dbConfig = defineConfig({
  connection: env.get('DB_CONNECTION') ?? 'sqlite',
  prettyPrintDebugQueries: false,
  connections: {
    sqlite: {
      client: 'sqlite3',
      connection: { filename: sqliteFile },
      useNullAsDefault: true,
      pool: {
        afterCreate: (conn: any, done: (err: Error | null, conn: any) => void) => {
          // WAL lets readers proceed while the batch writer commits, and with synchronous=NORMAL
          // a commit does not wait for fsync (a power cut may lose the last commits, never
          // corrupt the file). Foreign keys are off by default in SQLite, per connection.
          conn.run('PRAGMA foreign_keys = ON', () =>
            conn.run('PRAGMA journal_mode = WAL', () =>
              conn.run('PRAGMA synchronous = NORMAL', () =>
                conn.run('PRAGMA busy_timeout = 5000', (err: Error | null) => done(err, conn))
              )
            )
          )
        },
      },
      migrations: { naturalSort: true, paths: ['database/migrations'] },
      // Models declare their own columns; no generated schema classes.
      schemaGeneration: { enabled: false },
      debug: false,
    },
    mysql: {
      client: 'mysql2',
      connection: {
        host: env.get('MYSQL_HOST') ?? '127.0.0.1',
        port: env.get('MYSQL_PORT') ?? 3306,
        user: env.get('MYSQL_USER') ?? 'root',
        password: env.get('MYSQL_PASSWORD')?.release() ?? '',
        database: env.get('DB_DATABASE') ?? 'adrelay',
        timezone: 'Z',
        dateStrings: false,
      },
      pool: { min: 2, max: 20 },
      migrations: { naturalSort: true, paths: ['database/migrations'] },
      // Models declare their own columns; no generated schema classes.
      schemaGeneration: { enabled: false },
      debug: false,
    },
  },
})

export default dbConfig
