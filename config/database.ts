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
    /*
     * A second connection to the same SQLite file for analytics, exports and admin stats
     * (ADR 0016): under WAL its read transactions never block the main connection's writers
     * (quota reservations, the call-log batch writer), and the main connection's single pooled
     * connection is never held by a long read. `query_only` makes any write on it fail.
     * At most 2 connections: node-sqlite3 runs each statement on libuv's thread pool (4 threads
     * by default), so heavy reads can never take every thread the main connection needs.
     * Reached through `readDb()` (app/shared/read_connection.ts), never by name; on MySQL the
     * helper maps to the main connection's pool instead.
     */
    sqlite_read: {
      client: 'sqlite3',
      connection: { filename: sqliteFile },
      useNullAsDefault: true,
      pool: {
        min: 0,
        max: 2,
        afterCreate: (conn: any, done: (err: Error | null, conn: any) => void) => {
          // journal_mode = WAL is a no-op once the main connection set it (it is stored in
          // the file), and makes sure this connection never reads in rollback-journal mode.
          conn.run('PRAGMA journal_mode = WAL', () =>
            conn.run('PRAGMA busy_timeout = 5000', () =>
              conn.run('PRAGMA query_only = ON', (err: Error | null) => done(err, conn))
            )
          )
        },
      },
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
