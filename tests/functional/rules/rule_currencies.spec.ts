import { test } from '@japa/runner'
import Rule from '#rules/models/rule'
import { setPlan } from '#tests/helpers/factories'
import { ALEX, createConnectedUser, freshSandbox } from '#tests/helpers/meta'
import { failure, invoke } from '#tests/helpers/rules'

// Alex's ad accounts: act_100000000001 (USD) and act_100000000002 (EUR, made JPY below).
const [US, EUROPE] = ALEX.accounts
/** A rule setting the budget to `amount` minor units, with `guards`, over `adAccountIds`. */
const definition = (
  adAccountIds: string[] | 'all',
  actions: object[] = [{ type: 'set_budget', amount: 5000 }],
  guards: object = {}
) => ({
  scope: { adAccountIds, level: 'ad_set' },
  conditions: { groups: [] },
  actions,
  guards,
  schedule: { type: 'every', minutes: 60 },
})

test.group('Rules: amounts and ad account currencies', (group) => {
  group.each.setup(async () => {
    const sandbox = await freshSandbox()
    sandbox.store.accounts.get(EUROPE.slice(4))!.currency = 'JPY'
  })

  async function trafficker() {
    const user = await createConnectedUser()
    await setPlan(user, 'trafficker')
    return user
  }

  test('a rule with amounts over USD and JPY ad accounts is refused with the reason', async ({
    assert,
  }) => {
    const user = await trafficker()
    for (const scope of [[US, EUROPE], 'all'] as const) {
      const error = await failure(
        invoke(user.id, 'create_rule', {
          name: 'Budget to 5000',
          definition: definition(scope as string[] | 'all'),
        })
      )
      assert.equal(error.code, 'rule_currency_mismatch')
      assert.equal(error.status, 422)
      assert.deepEqual(error.details.currencies, ['JPY', 'USD'])
      assert.match(error.message, /different decimals \(JPY, USD\)/)
    }
    // A minimum spend is an amount too.
    const minSpend = await failure(
      invoke(user.id, 'create_rule', {
        name: 'Pause',
        definition: definition('all', [{ type: 'pause' }], { minSpend: 1000 }),
      })
    )
    assert.equal(minSpend.code, 'rule_currency_mismatch')
    assert.lengthOf(await Rule.query().where('user_id', user.id), 0)
  })

  test('the same rule on the JPY account alone is kept as entered, and an update cannot mix', async ({
    assert,
  }) => {
    const user = await trafficker()
    const { rule } = await invoke(user.id, 'create_rule', {
      name: 'Budget to ¥5,000',
      definition: definition([EUROPE]),
    })
    assert.equal(rule.definition.actions[0].amount, 5000)
    const error = await failure(
      invoke(user.id, 'update_rule', { ruleId: rule.id, definition: definition([US, EUROPE]) })
    )
    assert.equal(error.code, 'rule_currency_mismatch')
    const stored = await Rule.findOrFail(rule.id)
    assert.deepEqual(stored.definition.scope.adAccountIds, [EUROPE])
  })

  test('a stored rule whose accounts now mix decimals fails its run instead of acting', async ({
    assert,
  }) => {
    const user = await trafficker()
    const { rule } = await invoke(user.id, 'create_rule', {
      name: 'Budget to 5000',
      definition: definition([US]),
      mode: 'auto',
    })
    // Stored before the check (or an `all` scope that gained a JPY account since).
    const stored = await Rule.findOrFail(rule.id)
    stored.definition = {
      ...stored.definition,
      scope: { ...stored.definition.scope, adAccountIds: 'all' },
    }
    await stored.save()

    const { run } = await invoke(user.id, 'run_rule', { ruleId: rule.id })
    assert.equal(run.status, 'failed')
    assert.match(run.reason, /rule_currency_mismatch|different decimals/)
    assert.lengthOf(run.items, 0)

    const preview = await failure(invoke(user.id, 'preview_rule', { ruleId: rule.id }))
    assert.equal(preview.code, 'rule_currency_mismatch')
    const backtest = await failure(invoke(user.id, 'backtest_rule', { ruleId: rule.id, days: 3 }))
    assert.equal(backtest.code, 'rule_currency_mismatch')
  })

  test('a rule without amounts may span currencies of any decimals', async ({ assert }) => {
    const user = await trafficker()
    const { rule } = await invoke(user.id, 'create_rule', {
      name: 'Raise 10 %',
      definition: definition('all', [{ type: 'increase_budget', percent: 10 }]),
    })
    assert.equal(rule.definition.scope.adAccountIds, 'all')
  })
})
