/*
| Module boundaries as ESLint rules (issue 13 item 4; ARCHITECTURE.md "Module arrows").
|
| 1. A module (a folder of app/) reaches another module only through its actions, events,
|    types, transformers and root files (plan_catalog.ts, entitlement_rule.ts, ...): never
|    through its models, services, controllers, listeners or jobs. Type-only imports are
|    allowed (erased at build time, no runtime arrow). The accounts models (User, Plan,
|    Subscription) are the shared kernel every module joins on (docs/adr/0009).
| 2. Actions, services, tools, listeners and jobs never import a controller or HttpContext:
|    they take plain input, so REST, MCP, the CLI and the screens share them.
|
| Modules are the folders of app/ (a new module gets its boundary without editing this file).
*/
import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** Folders of app/ that are not modules: cross-cutting framework code. */
const NOT_MODULES = new Set(['exceptions', 'middleware', 'shared'])

/** Folders of a module that are private to it. */
const PRIVATE_FOLDERS = ['models', 'services', 'controllers', 'listeners', 'jobs']

/** Folders whose code is HTTP-free (plain input in, result out). */
const HTTP_FREE_FOLDERS = ['actions', 'services', 'tools', 'listeners', 'jobs']

/**
 * Files that still cross a boundary, each with the work that removes it. None left: the
 * metered pipeline (issue 13 item 2, ADR 0008) reaches other modules through type imports and
 * the usage module's `MeterCall` action.
 */
export const KNOWN_CROSSINGS = []

/** The modules: every folder of app/ except the cross-cutting ones. */
export function appModules(appDir = fileURLToPath(new URL('../app', import.meta.url))) {
  return readdirSync(appDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !NOT_MODULES.has(entry.name))
    .map((entry) => entry.name)
    .sort()
}

/**
 * The top layer: automation publishes the other modules' declared actions (REST, MCP,
 * OpenAPI) and no module imports it; the declaration contract they share is `#registry`.
 */
const TOP_LAYER = 'automation'

/** `no-restricted-imports` patterns that keep `module` out of the others' private folders. */
function crossModulePatterns(module, modules) {
  const others = modules.filter((name) => name !== module)
  const kernelFree = others.filter((name) => name !== 'accounts')
  const patterns = []
  if (module !== TOP_LAYER && modules.includes(TOP_LAYER)) {
    patterns.push({
      regex: `^#${TOP_LAYER}/`,
      message:
        'automation is the top layer: it imports the modules it publishes, never the reverse. Declare actions with #registry/define_action.',
    })
  }
  patterns.push({
    regex: `^#(${others.join('|')})/(${PRIVATE_FOLDERS.filter((f) => f !== 'models').join('|')})/`,
    allowTypeImports: true,
    message:
      "Another module's services, controllers, listeners and jobs are private: use its actions or events (ARCHITECTURE.md, Module arrows).",
  })
  if (kernelFree.length > 0) {
    patterns.push({
      regex: `^#(${kernelFree.join('|')})/models/`,
      allowTypeImports: true,
      message:
        "Another module's models are private: use its actions (only the accounts models are shared; docs/adr/0009).",
    })
  }
  return patterns
}

/** Patterns and paths that keep HTTP out of use-case code. */
const HTTP_PATTERNS = [
  {
    regex: '^#\\w+/controllers/',
    message: 'Actions, services, tools, listeners and jobs never import controllers.',
  },
]
const HTTP_PATHS = [
  {
    name: '@adonisjs/core/http',
    importNames: ['HttpContext'],
    message: 'Actions, services, tools, listeners and jobs take plain input, never HttpContext.',
  },
]

/** The flat-config blocks, one pair per module (the later, narrower block wins). */
export function moduleBoundaries(modules = appModules()) {
  return modules.flatMap((module) => {
    const patterns = crossModulePatterns(module, modules)
    return [
      {
        name: `Module boundary: ${module}`,
        files: [`app/${module}/**/*.ts`],
        ignores: KNOWN_CROSSINGS,
        rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns }] },
      },
      {
        name: `Module boundary: ${module} use cases are HTTP-free`,
        files: HTTP_FREE_FOLDERS.map((folder) => `app/${module}/${folder}/**/*.ts`),
        ignores: KNOWN_CROSSINGS,
        rules: {
          '@typescript-eslint/no-restricted-imports': [
            'error',
            { paths: HTTP_PATHS, patterns: [...patterns, ...HTTP_PATTERNS] },
          ],
        },
      },
    ]
  })
}
