import { test } from '@japa/runner'
import { matchesGlob } from 'node:path'
import app from '@adonisjs/core/services/app'
import { WidgetBundle } from '#embeds/services/widget_bundle'

/**
 * The files the widget routes read at run time from the project (not compiled code) must be
 * copied into the production build (`npm run build` → build/), through adonisrc.ts'
 * `metaFiles`: a missing one made every widget route, /docs/widgets and the Embed tab's
 * preview answer 500 from `npm start`, while the tests (run from source) passed.
 */
test.group('Production build: files the widget routes read', () => {
  test('the widgets package file and the script-tag bundle are copied into build/', ({
    assert,
  }) => {
    const bundle = new WidgetBundle()
    const read = [
      'widgets/package.json', // the version in the bundle's path
      app.relativePath(bundle.file).split('\\').join('/'),
    ]
    assert.equal(read[1], 'widgets/dist/elements/adrelay-widgets.js')
    const patterns = app.rcFile.metaFiles.map((file) => file.pattern)
    for (const file of read) {
      assert.isTrue(
        patterns.some((pattern) => matchesGlob(file, pattern)),
        `${file} is not in adonisrc.ts metaFiles (${patterns.join(', ')})`
      )
    }
  })
})
