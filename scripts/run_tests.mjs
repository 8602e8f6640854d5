/*
| `npm test`: the Japa suites (unit, functional, browser) and then the Vitest front-end tests.
| Arguments go to Japa (`npm test -- --files tests/functional/keys`); with arguments, Vitest
| is skipped (run it alone with `npm run test:ui`). The CLI (cli/) and the widgets (widgets/)
| are built first when their sources changed, and so is the front end when the browser suite
| may run: the app under test then serves that build (ADR 0023). `node ace test` alone keeps
| Vite's dev server. Whenever that build is used, the first-load and widget size budgets are
| checked on it (scripts/bundle_budgets.mjs, well under a second): a bundle over its budget
| makes the run fail after the tests have run.
*/
import { spawnSync } from 'node:child_process'
import { buildCli } from './build_cli.mjs'
import { buildWidgets } from './build_widgets.mjs'
import { buildTestFrontend, TEST_FRONTEND_DIR } from './build_test_frontend.mjs'
import { checkPageBudgets, checkWidgetBudgets } from './bundle_budgets.mjs'

const args = process.argv.slice(2)
// The environment as npm gave it: Vite's in-process build (buildWidgets) sets
// NODE_ENV=production, and test runs inheriting it loaded React's production build, which has
// no `act` (the widget tests failed whenever the build had just run, i.e. on a fresh clone).
const environment = { ...process.env }
const run = (command, commandArgs) =>
  spawnSync(command, commandArgs, { stdio: 'inherit', env: environment }).status ?? 1

// The CLI's tests run its compiled build as a child process: build it first.
if (buildCli() !== 0) process.exit(1)
// The widget browser tests load the script-tag build the app serves and bundle a portal with
// the React package: build both when their sources changed (skipped when fresh).
if ((await buildWidgets()) !== 0) process.exit(1)
// The browser suite runs on the front end's production build (skipped when fresh). With
// arguments naming no browser test, the app keeps Vite's dev server (nothing to build).
let budgetsStatus = 0
if (args.length === 0 || args.some((arg) => arg.includes('browser'))) {
  if ((await buildTestFrontend()) !== 0) process.exit(1)
  environment.TEST_FRONTEND_BUILD = TEST_FRONTEND_DIR
  const over = [
    ...checkPageBudgets(`${TEST_FRONTEND_DIR}/assets`, { verbose: false }),
    ...checkWidgetBudgets({ verbose: false }),
  ]
  if (over.length > 0) budgetsStatus = 1
}

let status = run(process.execPath, ['ace', 'test', ...args])
if (args.length === 0) {
  status = run(process.execPath, ['node_modules/vitest/vitest.mjs', 'run']) || status
}
if (budgetsStatus !== 0) {
  console.error('[budgets] a bundle is over its budget: `npm run build:sizes` prints them all')
}
process.exit(status || budgetsStatus)
