/*
| `npm test`: the Vitest front-end and widget tests, then the Japa suites (unit, functional,
| browser).
| Arguments go to Japa (`npm test -- --files tests/functional/keys`); with arguments, Vitest
| is skipped (run it alone with `npm run test:ui`). The CLI (cli/) and the widgets (widgets/)
| are built first when their sources changed.
*/
import { spawnSync } from 'node:child_process'
import { buildCli } from './build_cli.mjs'
import { buildWidgets } from './build_widgets.mjs'

const args = process.argv.slice(2)
const run = (command, commandArgs) =>
  spawnSync(command, commandArgs, { stdio: 'inherit', env: process.env }).status ?? 1

// The CLI's tests run its compiled build as a child process: build it first.
if (buildCli() !== 0) process.exit(1)
// The widget browser tests load the script-tag build the app serves and bundle a portal with
// the React package: build both when their sources changed (skipped when fresh).
if ((await buildWidgets()) !== 0) process.exit(1)

// Vitest first: on a fresh clone, the widget tests failed when they ran right after the first
// full Japa run (whose browser suite starts the app's Vite dev server and fills its caches)
// and passed when run before it or on any later run.
let status = 0
if (args.length === 0) {
  status = run(process.execPath, ['node_modules/vitest/vitest.mjs', 'run'])
}
status = run(process.execPath, ['ace', 'test', ...args]) || status
process.exit(status)
