/*
| `npm run test:at -- <instant> [japa arguments]`: `npm test` with every process's clock moved
| to `<instant>` (ISO 8601, e.g. 2027-03-28T00:58:00Z), to find tests and code that only break
| on certain dates: a month's last hours, daylight-saving changes, fixed dates a retention
| window has passed (ADR 0022).
|
| The clock is moved by libfaketime (Debian: `apt-get install faketime`), preloaded into the
| test runner with an offset (`FAKETIME=+<seconds>`), so it keeps running from that instant and
| every child process (the app servers, workers and CLI the tests start, Chromium) inherits the
| same offset. `FAKETIME_LIB` overrides where the library is looked for. Everything else is
| `npm test`'s: the environment (PORT, SQLITE_FILE, DB_CONNECTION ...) is passed through.
*/
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const [instant, ...args] = process.argv.slice(2)
const target = Date.parse(instant ?? '')
if (!instant || Number.isNaN(target)) {
  console.error('usage: npm run test:at -- <ISO 8601 instant, e.g. 2027-03-28T00:58:00Z> [args]')
  process.exit(2)
}

const library = [
  process.env.FAKETIME_LIB,
  '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1',
  '/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1',
  '/usr/lib/faketime/libfaketime.so.1',
].find((path) => path && existsSync(path))
if (!library) {
  console.error(
    'libfaketime not found: install it (Debian: apt-get install faketime) or set FAKETIME_LIB'
  )
  process.exit(2)
}

const offsetSeconds = Math.round((target - Date.now()) / 1000)
console.log(
  `running the tests at ${new Date(target).toISOString()} (clock offset ${offsetSeconds} s)`
)
const runner = fileURLToPath(new URL('./run_tests.mjs', import.meta.url))
const preload = [library, process.env.LD_PRELOAD].filter(Boolean).join(':')
const result = spawnSync(process.execPath, [runner, ...args], {
  stdio: 'inherit',
  env: {
    ...process.env,
    LD_PRELOAD: preload,
    FAKETIME: `${offsetSeconds >= 0 ? '+' : ''}${offsetSeconds}`,
  },
})
process.exit(result.status ?? 1)
