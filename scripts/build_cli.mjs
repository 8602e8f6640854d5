/*
| Builds the CLI workspace (cli/ → cli/dist) with tsc when its sources changed since the last
| build. `npm run cli` and `npm test` call it, so a fresh clone never runs a stale or missing
| build. `--force` always rebuilds.
*/
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const entry = join(root, 'cli/dist/bin/adrelay.js')

function newestSource(dir) {
  let newest = 0
  for (const name of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, name.name)
    newest = Math.max(newest, name.isDirectory() ? newestSource(path) : statSync(path).mtimeMs)
  }
  return newest
}

export function buildCli({ force = false } = {}) {
  const sourcesChanged =
    !existsSync(entry) ||
    Math.max(
      newestSource(join(root, 'cli/src')),
      statSync(join(root, 'cli/tsconfig.json')).mtimeMs
    ) > statSync(entry).mtimeMs
  if (!force && !sourcesChanged) return 0
  const result = spawnSync(
    process.execPath,
    [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'cli/tsconfig.json')],
    { stdio: 'inherit' }
  )
  return result.status ?? 1
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exit(buildCli({ force: process.argv.includes('--force') }))
}
