import { test } from '@japa/runner'
import { planFeatures, planHasFeature, type PlanFeature } from '#accounts/plan_catalog'

const ALL_FEATURES: PlanFeature[] = [
  'advanced_analytics',
  'performance_alerts',
  'lead_tracking',
  'automation_tools',
  'automated_rules',
  'embed_widgets',
  'embed_unbranded',
]

test.group('Plan features (the plan gates every surface reads)', () => {
  test('{planId} unlocks exactly its plan features')
    .with([
      { planId: 'free', features: [] },
      {
        planId: 'trafficker',
        features: [
          'advanced_analytics',
          'performance_alerts',
          'automation_tools',
          'automated_rules',
          'embed_widgets',
        ],
      },
      {
        planId: 'agency',
        features: [
          'advanced_analytics',
          'performance_alerts',
          'lead_tracking',
          'automation_tools',
          'automated_rules',
          'embed_widgets',
          'embed_unbranded',
        ],
      },
      { planId: 'unknown', features: [] },
    ])
    .run(({ assert }, { planId, features }) => {
      assert.sameMembers([...planFeatures(planId)], features)
    })

  test('planHasFeature answers from the same list', ({ assert }) => {
    for (const planId of ['free', 'trafficker', 'agency', 'unknown', null]) {
      for (const feature of ALL_FEATURES) {
        assert.equal(
          planHasFeature(planId, feature),
          planFeatures(planId).includes(feature),
          `${planId} / ${feature}`
        )
      }
    }
  })
})
