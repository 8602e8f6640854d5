/*
| Builds the widgets workspace (widgets/ → widgets/dist) with Vite when its sources changed
| since the last build: the React package (ESM + declarations) and the script-tag build
| (one IIFE with React inside, served by the app under /widgets/<version>/). `npm test` calls
| it (the browser tests load the script-tag build), so a fresh clone never runs a stale or
| missing build. `--force` always rebuilds; `--elements` builds only the script-tag bundle.
*/
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const widgets = join(root, 'widgets')
export const WIDGET_OUTPUTS = {
  react: join(widgets, 'dist/index.js'),
  elements: join(widgets, 'dist/elements/adrelay-widgets.js'),
}

function newestSource(path) {
  const stats = statSync(path)
  if (!stats.isDirectory()) return stats.mtimeMs
  let newest = 0
  for (const name of readdirSync(path)) newest = Math.max(newest, newestSource(join(path, name)))
  return newest
}

function stale(output) {
  if (!existsSync(output)) return true
  const sources = Math.max(
    newestSource(join(widgets, 'src')),
    newestSource(join(widgets, 'vite.config.ts')),
    newestSource(join(widgets, 'package.json')),
    newestSource(join(root, 'app/embeds/types.ts'))
  )
  return sources > statSync(output).mtimeMs
}

/** Builds what is stale (or everything with `force`); returns 0 on success. */
export async function buildWidgets({ force = false, elementsOnly = false } = {}) {
  const configFile = join(widgets, 'vite.config.ts')
  const modes = []
  if (force || stale(WIDGET_OUTPUTS.elements)) modes.push('elements')
  if (!elementsOnly && (force || stale(WIDGET_OUTPUTS.react))) modes.push('production')
  if (modes.length === 0) return 0
  try {
    // Loaded only when something is stale: a fresh build costs nothing.
    const { build } = await import('vite')
    for (const mode of modes) await build({ configFile, mode, logLevel: 'warn' })
    return 0
  } catch (error) {
    console.error(error)
    return 1
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exit(
    await buildWidgets({
      force: process.argv.includes('--force'),
      elementsOnly: process.argv.includes('--elements'),
    })
  )
}
