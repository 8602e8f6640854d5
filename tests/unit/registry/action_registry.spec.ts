import { test } from '@japa/runner'
import { z } from 'zod'
import { AppError } from '#shared/errors'
import { ActionRegistry } from '#registry/action_registry'
import { defineAction } from '#registry/define_action'
import { closeObjects, coerceQuery, toJsonSchema, unknownParameters } from '#registry/json_schema'

const pauseThings = defineAction({
  module: 'demo',
  name: 'pause_things',
  title: 'Pause things',
  description: 'Pauses things.',
  input: z.object({
    thingId: z.string().min(1).describe('Id of the thing'),
    confirm: z.boolean().default(false).describe('Apply instead of preview'),
  }),
  inputExample: { thingId: 'thing_1' },
  output: z.object({ paused: z.boolean() }),
  annotations: {
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: true,
  },
  feature: 'automation_tools',
  async handler(_caller, input) {
    return { paused: input.confirm }
  },
})

const listThings = defineAction({
  module: 'demo',
  name: 'list_things',
  title: 'List things',
  description: 'Lists things.',
  input: z.object({
    limit: z.number().int().min(1).max(100).optional().describe('Page size'),
    active: z.boolean().optional().describe('Only active things'),
    ids: z.array(z.string()).optional().describe('Only these ids'),
  }),
  inputExample: { limit: 10, active: true },
  output: z.object({ input: z.any() }),
  annotations: {
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  },
  async handler(_caller, input) {
    return { input }
  },
})

const registry = new ActionRegistry([pauseThings, listThings])
const free = { userId: 1, planId: 'free' as const, tokenId: 1 }
const trafficker = { userId: 1, planId: 'trafficker' as const, tokenId: 1 }

async function errorOf(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof AppError) return error
    throw error
  }
  throw new Error('expected an AppError')
}

test.group('Action registry', () => {
  test('read-only actions are GET routes, writes POST routes under /api/v1/<module>/<name>', ({
    assert,
  }) => {
    assert.deepEqual(
      registry.list().map(({ method, path }) => `${method} ${path}`),
      ['POST /api/v1/demo/pause_things', 'GET /api/v1/demo/list_things']
    )
  })

  test('a plan without the feature gets plan_upgrade_required naming the cheapest plan', async ({
    assert,
  }) => {
    const error = await errorOf(registry.invoke('pause_things', free, { thingId: 'a' }))
    assert.equal(error.code, 'plan_upgrade_required')
    assert.equal(error.status, 403)
    assert.include(error.message, 'Trafficker')
    assert.equal(error.details.requiredPlan, 'trafficker')
  })

  test('the plan gate comes before validation', async ({ assert }) => {
    const error = await errorOf(registry.invoke('pause_things', free, {}))
    assert.equal(error.code, 'plan_upgrade_required')
  })

  test('invalid input answers validation_failed naming the field', async ({ assert }) => {
    const error = await errorOf(registry.invoke('pause_things', trafficker, { thingId: 42 }))
    assert.equal(error.code, 'validation_failed')
    assert.equal(error.status, 422)
    assert.equal(error.details.field, 'thingId')
    assert.match(error.message, /^thingId: /)
  })

  test('valid input runs the handler with defaults applied', async ({ assert }) => {
    assert.deepEqual(await registry.invoke('pause_things', trafficker, { thingId: 'a' }), {
      paused: false,
    })
  })

  test('an unknown action answers not_found', async ({ assert }) => {
    const error = await errorOf(registry.invoke('nope', trafficker, {}))
    assert.equal(error.code, 'not_found')
  })

  test('two actions with the same name are refused at boot', ({ assert }) => {
    assert.throws(() => new ActionRegistry([listThings, listThings]), /named "list_things"/)
  })

  test('a declaration whose example the schema refuses is refused at boot', ({ assert }) => {
    assert.throws(
      () => new ActionRegistry([{ ...listThings, inputExample: { limit: 'ten' } as any }]),
      /inputExample of action "list_things" is invalid: limit: /
    )
    assert.throws(
      () => new ActionRegistry([{ ...listThings, inputExample: { limit: 1, page: 2 } as any }]),
      /inputExample of action "list_things" is invalid: unknown parameters page/
    )
  })

  test('the example is published inside the input schema (JSON Schema examples)', ({ assert }) => {
    assert.deepEqual(registry.find('list_things')!.inputJsonSchema.examples, [
      { limit: 10, active: true },
    ])
  })

  test('query strings are coerced to the types of the input schema', ({ assert }) => {
    const action = registry.find('list_things')!
    assert.deepEqual(
      coerceQuery({ limit: '10', active: 'true', ids: 'a,b', other: 'x' }, action.inputJsonSchema),
      { limit: 10, active: true, ids: ['a', 'b'], other: 'x' }
    )
    assert.deepEqual(coerceQuery({ limit: 'ten' }, action.inputJsonSchema), { limit: 'ten' })
  })
})

test.group('Query coercion of object parameters', () => {
  const schema = closeObjects(
    toJsonSchema(
      z.object({
        targeting: z.object({
          geo_locations: z.object({ countries: z.array(z.string()) }),
          age_min: z.number().int().optional(),
          interests: z.array(z.object({ id: z.string(), weight: z.number() })).optional(),
          automation: z.object({ advantage: z.union([z.literal(0), z.literal(1)]) }).optional(),
        }),
        scope: z.union([z.literal('all'), z.array(z.string())]).optional(),
      }),
      'input'
    )
  )

  test('bracketed keys are converted at every depth, as the JSON text would be', ({ assert }) => {
    // What the query parser makes of targeting[geo_locations][countries]=US,CA&targeting[age_min]=25
    // &targeting[interests][0][id]=6003&targeting[interests][0][weight]=2&targeting[automation][advantage]=1
    const parsed = {
      targeting: {
        geo_locations: { countries: 'US,CA' },
        age_min: '25',
        interests: [{ id: '6003', weight: '2' }],
        automation: { advantage: '1' },
      },
    }
    const expected = {
      targeting: {
        geo_locations: { countries: ['US', 'CA'] },
        age_min: 25,
        interests: [{ id: '6003', weight: 2 }],
        automation: { advantage: 1 },
      },
    }
    assert.deepEqual(coerceQuery(parsed, schema), expected)
    assert.deepEqual(
      coerceQuery({ targeting: JSON.stringify(expected.targeting) }, schema),
      expected
    )
  })

  test('indexed keys past the array limit become items in index order', ({ assert }) => {
    const parsed = { targeting: { geo_locations: { countries: { '21': 'CA', '3': 'US' } } } }
    assert.deepEqual(coerceQuery(parsed, schema), {
      targeting: { geo_locations: { countries: ['US', 'CA'] } },
    })
  })

  test('a string constant of a union stays a string, a list is split', ({ assert }) => {
    assert.deepEqual(coerceQuery({ scope: 'all' }, schema), { scope: 'all' })
    assert.deepEqual(coerceQuery({ scope: 'a,b' }, schema), { scope: ['a', 'b'] })
  })
})

test.group('Unknown parameters', () => {
  const schema = closeObjects(
    toJsonSchema(
      z.object({
        name: z.string(),
        range: z.object({ from: z.string() }).nullable().optional(),
        rows: z.array(z.object({ id: z.string() })).optional(),
        labels: z.record(z.string(), z.string()).optional(),
      }),
      'input'
    )
  )

  test('names extra keys at any depth: objects, nullable objects, array items', ({ assert }) => {
    assert.deepEqual(
      unknownParameters(
        {
          name: 'a',
          extra: 1,
          range: { from: 'x', to: 'y' },
          rows: [{ id: '1' }, { id: '2', n: 3 }],
        },
        schema
      ),
      ['extra', 'range.to', 'rows.1.n']
    )
  })

  test('records stay open and values of the wrong type are left to validation', ({ assert }) => {
    assert.deepEqual(unknownParameters({ name: 'a', labels: { any: 'thing' } }, schema), [])
    assert.deepEqual(unknownParameters({ name: 'a', range: 'oops', rows: 'no' }, schema), [])
    assert.isFalse(schema.additionalProperties)
    assert.deepEqual(schema.properties.labels.additionalProperties, { type: 'string' })
  })

  test('a union of object shapes is judged against the variant the value fits', ({ assert }) => {
    const union = closeObjects(
      toJsonSchema(
        z.object({
          schedule: z.discriminatedUnion('type', [
            z.object({ type: z.literal('every'), minutes: z.number() }),
            z.object({ type: z.literal('daily'), time: z.string() }),
          ]),
        }),
        'input'
      )
    )
    assert.deepEqual(unknownParameters({ schedule: { type: 'daily', time: '09:00' } }, union), [])
    assert.deepEqual(
      unknownParameters({ schedule: { type: 'daily', time: '09:00', tz: 'x' } }, union),
      ['schedule.tz']
    )
  })
})
