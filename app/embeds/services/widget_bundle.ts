import { createHash } from 'node:crypto'
import { readFile, stat } from 'node:fs/promises'
import { readFileSync } from 'node:fs'
import app from '@adonisjs/core/services/app'
import type { WidgetBundleInfo } from '#embeds/types'

/**
 * The @adrelay/widgets script-tag build (widgets/dist/elements/adrelay-widgets.js, made by
 * `npm run build:widgets`, and by `npm test`). It is served under a path carrying the
 * package version, so a given URL never changes content and can be cached as immutable;
 * its SHA-384 is the `integrity` attribute of the documented snippet. Read once per file
 * modification (a rebuild during development is picked up).
 */
export class WidgetBundle {
  readonly version: string = JSON.parse(readFileSync(app.makePath('widgets/package.json'), 'utf8'))
    .version
  readonly file = app.makePath('widgets/dist/elements/adrelay-widgets.js')
  /** Shared by every instance (controllers are made per request): one hash per build. */
  static #cached: { mtimeMs: number; contents: Buffer; integrity: string } | null = null

  get path() {
    return `/widgets/${this.version}/adrelay-widgets.js`
  }

  /** The bundle and its integrity, or null when it has not been built. */
  async load(): Promise<{ contents: Buffer; integrity: string } | null> {
    let mtimeMs: number
    try {
      const stats = await stat(this.file)
      mtimeMs = stats.mtimeMs
    } catch {
      return null
    }
    if (WidgetBundle.#cached?.mtimeMs !== mtimeMs) {
      const contents = await readFile(this.file)
      const integrity = `sha384-${createHash('sha384').update(contents).digest('base64')}`
      WidgetBundle.#cached = { mtimeMs, contents, integrity }
    }
    return WidgetBundle.#cached
  }

  /** Version, path and integrity for the docs and the Embed tab; null when not built. */
  async info(): Promise<WidgetBundleInfo | null> {
    const loaded = await this.load()
    return loaded ? { version: this.version, path: this.path, integrity: loaded.integrity } : null
  }
}
