import type { RuleDefinition, RuleMode } from '#rules/definition'

/** A starting point for a rule: a name, a paragraph, and a full definition to adjust. */
export interface RuleTemplate {
  id: 'stop_loss' | 'scale_winners' | 'frequency_cap' | 'spend_pacing' | 'night_pause'
  name: string
  description: string
  mode: RuleMode
  definition: RuleDefinition
}

/**
 * The rule templates of issue 16. Money is in minor units of each ad account's currency
 * (5000 = 50.00); adjust targets to the account before enabling. Every template starts as a
 * dry run.
 */
export const RULE_TEMPLATES: readonly RuleTemplate[] = [
  {
    id: 'stop_loss',
    name: 'Stop-loss',
    description:
      'Pauses ad sets whose cost per purchase over the last 3 days is above your target, once they have spent enough to judge.',
    mode: 'dry_run',
    definition: {
      scope: { adAccountIds: 'all', level: 'ad_set', filters: { statuses: ['ACTIVE'] } },
      conditions: {
        match: 'all',
        groups: [
          {
            match: 'all',
            conditions: [
              { kind: 'value', metric: 'cpa', window: 'last_3d', operator: 'gt', value: 5000 },
            ],
          },
        ],
      },
      actions: [{ type: 'pause' }, { type: 'notify' }],
      guards: {
        maxChangePercentPerAction: 50,
        maxChangePercentPer24h: 100,
        minSpend: 10_000,
        minImpressions: 1000,
        minAgeHours: 72,
        cooldownHours: 24,
        maxObjectsPerRun: 10,
      },
      schedule: { type: 'every', minutes: 60 },
    },
  },
  {
    id: 'scale_winners',
    name: 'Scale winners',
    description:
      'Raises the daily budget by 20 % on ad sets whose purchase ROAS over the last 3 days is above 3, at most once per 24 hours.',
    mode: 'dry_run',
    definition: {
      scope: { adAccountIds: 'all', level: 'ad_set', filters: { statuses: ['ACTIVE'] } },
      conditions: {
        match: 'all',
        groups: [
          {
            match: 'all',
            conditions: [
              {
                kind: 'value',
                metric: 'purchase_roas',
                window: 'last_3d',
                operator: 'gt',
                value: 3,
              },
            ],
          },
        ],
      },
      actions: [{ type: 'increase_budget', percent: 20 }],
      guards: {
        maxChangePercentPerAction: 20,
        maxChangePercentPer24h: 20,
        minSpend: 5000,
        minImpressions: 1000,
        minAgeHours: 72,
        cooldownHours: 24,
        maxObjectsPerRun: 10,
      },
      schedule: { type: 'daily', time: '09:00' },
    },
  },
  {
    id: 'frequency_cap',
    name: 'Frequency cap',
    description:
      'Notifies you when an ad set shows its ads more than 3 times per person over 7 days.',
    mode: 'dry_run',
    definition: {
      scope: { adAccountIds: 'all', level: 'ad_set', filters: { statuses: ['ACTIVE'] } },
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
      guards: {
        maxChangePercentPerAction: 50,
        maxChangePercentPer24h: 100,
        minSpend: 0,
        minImpressions: 1000,
        minAgeHours: 0,
        cooldownHours: 24,
        maxObjectsPerRun: 25,
      },
      schedule: { type: 'daily', time: '08:00' },
    },
  },
  {
    id: 'spend_pacing',
    name: 'Spend pacing',
    description:
      'Notifies you when a campaign’s month-to-date spend runs more than 10 % ahead of its monthly plan.',
    mode: 'dry_run',
    definition: {
      scope: { adAccountIds: 'all', level: 'campaign', filters: { statuses: ['ACTIVE'] } },
      conditions: {
        match: 'all',
        groups: [
          {
            match: 'all',
            conditions: [{ kind: 'pacing', monthlyBudget: 300_000, tolerancePercent: 10 }],
          },
        ],
      },
      actions: [{ type: 'notify' }],
      guards: {
        maxChangePercentPerAction: 20,
        maxChangePercentPer24h: 20,
        minSpend: 0,
        minImpressions: 0,
        minAgeHours: 0,
        cooldownHours: 24,
        maxObjectsPerRun: 25,
      },
      schedule: { type: 'daily', time: '10:00' },
    },
  },
  {
    id: 'night_pause',
    name: 'Night pause',
    description:
      'Pauses active ad sets at 23:00 in the ad account’s time zone. Pair it with a copy that unpauses them in the morning (action unpause, daily at 07:00).',
    mode: 'dry_run',
    definition: {
      scope: { adAccountIds: 'all', level: 'ad_set', filters: { statuses: ['ACTIVE'] } },
      conditions: { match: 'all', groups: [] },
      actions: [{ type: 'pause' }],
      guards: {
        maxChangePercentPerAction: 50,
        maxChangePercentPer24h: 100,
        minSpend: 0,
        minImpressions: 0,
        minAgeHours: 0,
        cooldownHours: 12,
        maxObjectsPerRun: 50,
      },
      schedule: { type: 'daily', time: '23:00' },
    },
  },
]
