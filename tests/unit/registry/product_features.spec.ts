import { test } from '@japa/runner'
import { z } from 'zod'
import { ActionRegistry } from '#registry/action_registry'
import { defineAction } from '#registry/define_action'
import { publishedActions } from '#automation/registry/published_actions'
import { PRODUCT_FEATURES, productFeatureAvailability } from '#automation/product_features'

/** A published action named `name` (what a feature's module registers when it lands). */
function actionNamed(name: string) {
  return defineAction({
    module: 'demo',
    name,
    title: name,
    description: `Stands for ${name}.`,
    input: z.object({}),
    inputExample: {},
    output: z.object({}),
    annotations: {
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    },
    async handler() {
      return {}
    },
  })
}

const noRoutes = () => false

test.group('Product features (Coming Soon until the feature exists)', () => {
  test('a feature proved by an action is available exactly when that action is registered', ({
    assert,
  }) => {
    for (const feature of PRODUCT_FEATURES) {
      if (!('action' in feature.proof)) continue
      const name = feature.proof.action
      const without = publishedActions.filter((declaration) => declaration.name !== name)
      assert.isFalse(
        productFeatureAvailability(new ActionRegistry(without), noRoutes)[feature.id],
        `${feature.id} without ${name}`
      )
      assert.isTrue(
        productFeatureAvailability(new ActionRegistry([...without, actionNamed(name)]), noRoutes)[
          feature.id
        ],
        `${feature.id} once ${name} is registered`
      )
    }
  })

  test('the rules, alerts and leads features are proved by create_rule, list_notifications and list_leads', ({
    assert,
  }) => {
    const proofs = Object.fromEntries(
      PRODUCT_FEATURES.map((feature) => [feature.id, feature.proof])
    )
    assert.deepEqual(proofs.automated_rules, { action: 'create_rule' })
    assert.deepEqual(proofs.performance_alerts, { action: 'list_notifications' })
    assert.deepEqual(proofs.lead_tracking, { action: 'list_leads' })
  })

  test('embeds are available exactly when the embed-session route is registered', ({ assert }) => {
    const registry = new ActionRegistry(publishedActions)
    assert.isFalse(productFeatureAvailability(registry, noRoutes).embeds)
    const asked: string[] = []
    const withRoute = productFeatureAvailability(registry, (method, pattern) => {
      asked.push(`${method} ${pattern}`)
      return method === 'POST' && pattern === '/api/v1/embed/sessions'
    })
    assert.isTrue(withRoute.embeds)
    assert.deepEqual(asked, ['POST /api/v1/embed/sessions'])
  })
})
