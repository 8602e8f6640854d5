import { test } from '@japa/runner'
import { Command } from 'commander'
import { flagFor, kebabCase, optionsFor, type ActionField } from '../../../cli/src/flags.js'
import { publishedActions, toQuery } from '../../../cli/src/openapi.js'
import { buildOpenApiDocument } from '#automation/openapi/openapi_document'
import { publishedRegistry } from '#automation/registry/published_actions'

/** A commander command with the generated flags of `fields`, parsing `argv`. */
function parse(fields: ActionField[], argv: string[]) {
  const command = new Command('x').exitOverride().configureOutput({ writeErr: () => {} })
  for (const field of fields)
    for (const option of optionsFor(flagFor(field))) command.addOption(option)
  command.parse(argv, { from: 'user' })
  return command.opts()
}

function parseError(fields: ActionField[], argv: string[]) {
  try {
    parse(fields, argv)
  } catch (error) {
    return error as { code: string; message: string }
  }
  throw new Error('expected a parse error')
}

test.group('CLI flags generated from JSON Schemas', () => {
  test('names become kebab-case flags and commands', ({ assert }) => {
    assert.equal(kebabCase('adAccountId'), 'ad-account-id')
    assert.equal(kebabCase('list_campaigns'), 'list-campaigns')
    assert.equal(
      flagFor({ name: 'adAccountId', schema: { type: 'string' }, required: true }).long,
      '--ad-account-id'
    )
  })

  test('integers are parsed and checked against their bounds', ({ assert }) => {
    const fields = [
      { name: 'limit', schema: { type: 'integer', minimum: 1, maximum: 100 }, required: false },
    ]
    assert.deepEqual(parse(fields, ['--limit', '25']), { limit: 25 })
    assert.equal(parseError(fields, ['--limit', 'many']).code, 'commander.invalidArgument')
    assert.include(parseError(fields, ['--limit', '2.5']).message, 'whole number')
    assert.include(parseError(fields, ['--limit', '500']).message, 'at most 100')
  })

  test('enums offer their choices and refuse anything else', ({ assert }) => {
    const fields = [
      { name: 'status', schema: { type: 'string', enum: ['ACTIVE', 'PAUSED'] }, required: true },
    ]
    const spec = flagFor(fields[0])
    assert.deepEqual(spec.choices, ['ACTIVE', 'PAUSED'])
    assert.deepEqual(parse(fields, ['--status', 'PAUSED']), { status: 'PAUSED' })
    assert.include(parseError(fields, ['--status', 'STOPPED']).message, 'ACTIVE, PAUSED')
  })

  test('booleans are switches with a --no- form', ({ assert }) => {
    const fields = [{ name: 'includeArchived', schema: { type: 'boolean' }, required: false }]
    assert.deepEqual(parse(fields, ['--include-archived']), { includeArchived: true })
    assert.deepEqual(parse(fields, ['--no-include-archived']), { includeArchived: false })
    assert.deepEqual(parse(fields, []), {})
  })

  test('objects take JSON and arrays of scalars take lists', ({ assert }) => {
    const fields = [
      {
        name: 'timeRange',
        schema: { type: 'object', properties: { since: { type: 'string' } } },
        required: false,
      },
      { name: 'fields', schema: { type: 'array', items: { type: 'string' } }, required: false },
      { name: 'ids', schema: { type: 'array', items: { type: 'integer' } }, required: false },
    ]
    assert.deepEqual(
      parse(fields, [
        '--time-range',
        '{"since":"2026-01-01"}',
        '--fields',
        'spend,clicks',
        '--fields',
        'ctr',
        '--ids',
        '1,2',
      ]),
      { timeRange: { since: '2026-01-01' }, fields: ['spend', 'clicks', 'ctr'], ids: [1, 2] }
    )
    assert.include(parseError(fields, ['--time-range', 'yesterday']).message, 'JSON')
    assert.include(parseError(fields, ['--time-range', '[1]']).message, 'JSON object')
  })

  test('nullable fields are typed by their non-null variant', ({ assert }) => {
    const field = {
      name: 'cap',
      schema: { anyOf: [{ type: 'integer' }, { type: 'null' }], description: 'Cap' },
      required: false,
    }
    assert.equal(flagFor(field).kind, 'integer')
    assert.include(flagFor(field).help, 'Cap')
  })

  test('a required field is a mandatory option (a usage error when missing)', ({ assert }) => {
    const fields = [{ name: 'adAccountId', schema: { type: 'string' }, required: true }]
    assert.equal(parseError(fields, []).code, 'commander.missingMandatoryOptionValue')
  })

  test('every published action of the real OpenAPI document becomes typed flags, confirm excluded', ({
    assert,
  }) => {
    const actions = publishedActions(buildOpenApiDocument(publishedRegistry(), 'http://localhost'))
    const names = actions.map((action) => `${action.module} ${kebabCase(action.name)}`)
    assert.includeMembers(names, [
      'meta list-campaigns',
      'meta update-campaign-status',
      'usage get-usage',
    ])
    assert.notInclude(names.join(' '), 'short-url')

    const listCampaigns = actions.find((action) => action.name === 'list_campaigns')!
    assert.equal(listCampaigns.method, 'GET')
    const adAccount = listCampaigns.fields.find((field) => field.name === 'adAccountId')!
    assert.isTrue(adAccount.required)
    assert.isNotEmpty(flagFor(adAccount).help)

    const update = actions.find((action) => action.name === 'update_campaign_status')!
    assert.isTrue(update.confirmable)
    assert.notInclude(
      update.fields.map((field) => field.name),
      'confirm'
    )
    const status = flagFor(update.fields.find((field) => field.name === 'status')!)
    assert.equal(status.kind, 'enum')
    assert.includeMembers(status.choices!, ['ACTIVE', 'PAUSED'])
  })

  test('query values are serialised the way the document says', ({ assert }) => {
    const fields: ActionField[] = [
      { name: 'fields', schema: { type: 'array' }, required: false },
      { name: 'timeRange', schema: { type: 'object' }, required: false, style: 'deepObject' },
      { name: 'filter', schema: { type: 'object' }, required: false },
      { name: 'limit', schema: { type: 'integer' }, required: false },
    ]
    assert.deepEqual(
      toQuery(fields, {
        fields: ['a', 'b'],
        timeRange: { since: 'x', until: 'y' },
        filter: { a: 1 },
        limit: 5,
      }),
      {
        'fields': 'a,b',
        'timeRange[since]': 'x',
        'timeRange[until]': 'y',
        'filter': '{"a":1}',
        'limit': '5',
      }
    )
  })

  test('a nested deepObject value continues the brackets (targeting[geo_locations][countries][0])', ({
    assert,
  }) => {
    const fields: ActionField[] = [
      { name: 'targeting', schema: { type: 'object' }, required: true, style: 'deepObject' },
    ]
    assert.deepEqual(
      toQuery(fields, {
        targeting: {
          geo_locations: { countries: ['US', 'CA'] },
          age_min: 25,
          interests: [{ id: '6003139266461' }],
        },
      }),
      {
        'targeting[geo_locations][countries][0]': 'US',
        'targeting[geo_locations][countries][1]': 'CA',
        'targeting[age_min]': '25',
        'targeting[interests][0][id]': '6003139266461',
      }
    )
  })
})
