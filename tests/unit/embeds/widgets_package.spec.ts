import { test } from '@japa/runner'
import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { promisify } from 'node:util'
import app from '@adonisjs/core/services/app'

/**
 * What `npm pack` puts in the published @adrelay/widgets (the built package: `npm test`
 * builds widgets/dist first): file paths relative to the package root.
 */
async function packedFiles(): Promise<string[]> {
  const { stdout } = await promisify(execFile)('npm', ['pack', '--dry-run', '--json'], {
    cwd: app.makePath('widgets'),
  })
  const [packed] = JSON.parse(stdout) as Array<{ files: Array<{ path: string }> }>
  return packed.files.map((file) => file.path)
}

test.group('@adrelay/widgets as published (npm pack)', () => {
  test('ships its README, the React build and its types, and not the script-tag bundle', async ({
    assert,
  }) => {
    const files = await packedFiles()
    const manifest = JSON.parse(await readFile(app.makePath('widgets/package.json'), 'utf8'))
    const entry = (path: string) => path.replace(/^\.\//, '')

    assert.includeMembers(files, [
      'README.md',
      'package.json',
      entry(manifest.exports['.'].import),
      entry(manifest.exports['.'].types),
    ])
    // The script-tag build is served by the app (/widgets/<version>/adrelay-widgets.js); no
    // export of the package reaches it.
    assert.deepEqual(
      files.filter((path) => path.includes('elements')),
      []
    )
  })

  test('the README installs the package and imports only what the package exports', async ({
    assert,
  }) => {
    const readme = await readFile(app.makePath('widgets/README.md'), 'utf8')
    const types = await readFile(app.makePath('widgets/dist/widgets/src/index.d.ts'), 'utf8')
    assert.include(readme, 'npm install @adrelay/widgets')
    assert.match(readme, /\/docs\/widgets/)
    const imported = [...readme.matchAll(/import \{([^}]+)\} from '@adrelay\/widgets'/g)].flatMap(
      ([, names]) => names.split(',').map((name) => name.trim())
    )
    assert.includeMembers(imported, ['AdrelayEmbedProvider', 'QuotaMeter', 'useQuota'])
    for (const name of imported) assert.match(types, new RegExp(`\\b${name}\\b`), name)
  })
})
