/*
| `npm run cli -- <args>`: builds the CLI if its sources changed, then runs `adrelay <args>`
| from the repository (on the project's Node; the CLI itself needs Node 20 or newer).
*/
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { buildCli } from './build_cli.mjs'

const built = buildCli()
if (built !== 0) process.exit(built)
const entry = fileURLToPath(new URL('../cli/dist/bin/adrelay.js', import.meta.url))
const result = spawnSync(process.execPath, [entry, ...process.argv.slice(2)], { stdio: 'inherit' })
process.exit(result.status ?? 1)
