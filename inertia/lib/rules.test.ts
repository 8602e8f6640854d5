import { describe, expect, it } from 'vitest'
import { majorToMinor, minorToMajor } from '~/lib/campaigns'
import {
  accountDigits,
  describeActions,
  describeChange,
  describeConditions,
  emptyDefinition,
  hasAmounts,
  mixedCurrencyMessage,
  rulesPageStart,
  scopeMoney,
} from '~/lib/rules'
import type { RuleDefinition, RuleRunItemView } from '~/types'

const ACCOUNTS = [
  { id: 'act_1', currency: 'USD' },
  { id: 'act_2', currency: 'EUR' },
  { id: 'act_3', currency: 'JPY' },
]

/** The builder's new-rule draft on `adAccountIds`, setting a budget of `amount` minor units. */
function draft(adAccountIds: RuleDefinition['scope']['adAccountIds'], amount = 5000) {
  const definition = emptyDefinition()
  return {
    ...definition,
    scope: { ...definition.scope, adAccountIds },
    actions: [{ type: 'set_budget' as const, amount }],
  }
}

/** What the builder stores for "New budget" typed as `typed` on `adAccountIds`. */
function storedBudget(adAccountIds: string[], typed: number) {
  const money = scopeMoney(draft(adAccountIds), ACCOUNTS)
  if (money.kind !== 'ok') throw new Error(`no single currency: ${money.kind}`)
  return majorToMinor(typed, money.digits)
}

describe('Rules: money in the ad account currency', () => {
  it('a JPY budget of 5000 is stored as 5000 (¥5,000), a USD one as 500000 ($5,000.00)', () => {
    expect(storedBudget(['act_3'], 5000)).toBe(5000)
    expect(storedBudget(['act_1'], 5000)).toBe(500_000)
    expect(storedBudget(['act_1'], 49.99)).toBe(4999)
    // and shown back as typed
    expect(minorToMajor(5000, 0)).toBe(5000)
    expect(minorToMajor(4999, 2)).toBe(49.99)
  })

  it('USD and EUR share their decimals; USD and JPY do not', () => {
    expect(scopeMoney(draft(['act_1', 'act_2']), ACCOUNTS)).toEqual({
      kind: 'ok',
      digits: 2,
      currencies: ['EUR', 'USD'],
    })
    expect(scopeMoney(draft(['1', 'act_3']), ACCOUNTS)).toEqual({
      kind: 'mixed',
      currencies: ['JPY', 'USD'],
    })
    expect(scopeMoney(draft('all'), ACCOUNTS).kind).toBe('mixed')
    expect(scopeMoney(draft('all'), undefined).kind).toBe('unknown')
    expect(scopeMoney(draft(['act_9']), ACCOUNTS).kind).toBe('unknown')
    expect(mixedCurrencyMessage(['JPY', 'USD'])).toContain('different decimals (JPY, USD)')
  })

  it('only a rule with amounts is held back by mixed decimals', () => {
    expect(hasAmounts(draft('all'))).toBe(true)
    const frequencyCap: RuleDefinition = {
      ...emptyDefinition(),
      conditions: {
        match: 'all',
        groups: [
          {
            match: 'all',
            conditions: [
              { kind: 'value', metric: 'frequency', window: 'last_7d', operator: 'gt', value: 3 },
            ],
          },
        ],
      },
      actions: [{ type: 'notify' }],
      guards: { ...emptyDefinition().guards, minSpend: 0 },
    }
    expect(hasAmounts(frequencyCap)).toBe(false)
    expect(hasAmounts({ ...frequencyCap, guards: { ...frequencyCap.guards, minSpend: 1 } })).toBe(
      true
    )
  })

  it('describes amounts with the currency decimals', () => {
    const definition = draft(['act_3'])
    expect(describeConditions(definition, 0)).toBe('CPA (last 7 days) > 5000')
    expect(describeActions(definition, 0)).toBe('Set budget to 5000')
    expect(describeConditions(definition, 2)).toBe('CPA (last 7 days) > 50.00')
    expect(describeActions(definition, null)).toBe('Set budget to 5000 (minor units)')
    const item = {
      field: 'daily_budget',
      action: 'set_budget',
      before: '3000',
      planned: '5000',
      executed: null,
      clamped: false,
      adAccountId: 'act_3',
    } as unknown as RuleRunItemView
    expect(describeChange(item, accountDigits('act_3', ACCOUNTS))).toBe('daily budget: 3000 → 5000')
    expect(describeChange(item, accountDigits('act_1', ACCOUNTS))).toBe(
      'daily budget: 30.00 → 50.00'
    )
  })
})

describe('Rules page: where a link opens', () => {
  it('opens the tab a link names', () => {
    expect(rulesPageStart('/rules?tab=approvals')).toEqual({
      tab: 'approvals',
      ruleId: null,
      runId: null,
    })
    expect(rulesPageStart('/rules?tab=templates').tab).toBe('templates')
  })

  it("opens a rule's history at the run an alert names", () => {
    expect(rulesPageStart('/rules?rule=7&run=42')).toEqual({ tab: 'history', ruleId: 7, runId: 42 })
  })

  it('opens on the rules otherwise, ignoring what it does not know', () => {
    expect(rulesPageStart('/rules')).toEqual({ tab: 'rules', ruleId: null, runId: null })
    expect(rulesPageStart('/rules?tab=nope&rule=x&run=-1')).toEqual({
      tab: 'rules',
      ruleId: null,
      runId: null,
    })
  })
})
