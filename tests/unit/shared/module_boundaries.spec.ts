import { test } from '@japa/runner'
import { ESLint } from 'eslint'
import app from '@adonisjs/core/services/app'

const RULE = '@typescript-eslint/no-restricted-imports'

/** Lints `code` as if it were the file `filePath` of the app; returns the boundary messages. */
async function boundaryErrors(filePath: string, code: string) {
  const eslint = new ESLint({ cwd: app.makePath() })
  const [result] = await eslint.lintText(code, { filePath: app.makePath(filePath) })
  return result.messages.filter((message) => message.ruleId === RULE).map((m) => m.message)
}

test.group('Module boundaries (eslint.config.js)', () => {
  test("a module importing another module's model or service fails the lint", async ({
    assert,
  }) => {
    const errors = await boundaryErrors(
      'app/admin/actions/probe.ts',
      [
        "import MetaConnection from '#meta/models/meta_connection'",
        "import { ApiKeyVerifier } from '#keys/services/api_key_verifier'",
        'export const probe = [MetaConnection, ApiKeyVerifier]',
        '',
      ].join('\n')
    )
    assert.lengthOf(errors, 2)
    assert.match(errors[0], /#meta\/models\/meta_connection/)
    assert.match(errors[1], /#keys\/services\/api_key_verifier/)
  })

  test('an action importing HttpContext or a controller fails the lint', async ({ assert }) => {
    const errors = await boundaryErrors(
      'app/billing/actions/probe.ts',
      [
        "import type { HttpContext } from '@adonisjs/core/http'",
        "import SubscriptionController from '#billing/controllers/subscriptions_controller'",
        'export type Probe = [HttpContext, typeof SubscriptionController]',
        '',
      ].join('\n')
    )
    assert.lengthOf(errors, 2)
    assert.match(errors[0], /HttpContext/)
    assert.match(errors[1], /controllers/)
  })

  test("another module's actions, events, transformers and the accounts models pass", async ({
    assert,
  }) => {
    const errors = await boundaryErrors(
      'app/admin/actions/probe.ts',
      [
        "import User from '#accounts/models/user'",
        "import { DescribeMetaConnection } from '#meta/actions/describe_meta_connection'",
        "import type { SubscriptionChanged } from '#billing/events'",
        "import type MetaConnection from '#meta/models/meta_connection'",
        'export const probe = [User, DescribeMetaConnection]',
        'export type Probe = [SubscriptionChanged, MetaConnection]',
        '',
      ].join('\n')
    )
    assert.deepEqual(errors, [])
  })

  test('a module importing automation (the top layer) fails the lint; the registry passes', async ({
    assert,
  }) => {
    const errors = await boundaryErrors(
      'app/usage/tools/probe.ts',
      [
        "import { publishedRegistry } from '#automation/registry/published_actions'",
        "import { defineAction } from '#registry/define_action'",
        'export const probe = [publishedRegistry, defineAction]',
        '',
      ].join('\n')
    )
    assert.lengthOf(errors, 1)
    assert.match(errors[0], /#automation\/registry\/published_actions/)
  })

  test('a controller may take HttpContext', async ({ assert }) => {
    const errors = await boundaryErrors(
      'app/billing/controllers/probe_controller.ts',
      [
        "import type { HttpContext } from '@adonisjs/core/http'",
        'export type Probe = HttpContext',
        '',
      ].join('\n')
    )
    assert.deepEqual(errors, [])
  })
})
