import { configApp } from '@adonisjs/eslint-config'
import { moduleBoundaries } from './scripts/module_boundaries.js'

export default configApp(
  {
    ignores: ['build/**', 'public/**', 'tmp/**', '.adonisjs/**', 'widgets/dist/**', 'cli/dist/**'],
  },
  {
    // The app uses @inertiajs/react's Link/router directly: there is no Tuyau client (the
    // route registry the AdonisJS Link wrapper needs), so its preference rule cannot apply.
    files: ['inertia/**/*.{ts,tsx}'],
    rules: {
      '@adonisjs/prefer-adonisjs-inertia-link': 'off',
      // Runtime imports from the server tree, on purpose, of pure modules that import nothing
      // but each other: Meta's currency offsets, the one money formatter, Meta's values in
      // words and which rules hold amounts, so a screen and the server apply one table and
      // one rule.
      '@adonisjs/no-backend-import-in-frontend': [
        'error',
        {
          allowed: [
            '../../app/meta/currency_offsets',
            '../../app/meta/money_format',
            '../../app/meta/meta_words',
            '../../app/rules/amounts',
          ],
        },
      ],
    },
  },
  {
    // Tests and benchmarks read results inline (`(await client.get(...)).assertStatus(200)`).
    files: ['tests/**/*.ts', 'benchmarks/**/*.ts'],
    rules: { '@unicorn/no-await-expression-member': 'off' },
  },
  // Module arrows (ARCHITECTURE.md "Module arrows"): see scripts/module_boundaries.js.
  ...moduleBoundaries()
)
