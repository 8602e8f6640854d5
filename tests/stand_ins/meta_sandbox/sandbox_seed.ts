/**
 * The sandbox's starting data: two Meta users, three ad accounts in three currencies, and
 * campaigns with different budget set-ups and performance:
 *
 * - a CBO campaign (campaign-level daily budget, ad sets without budgets), so an ad-set budget
 *   change hits Meta's 1885621 conflict;
 * - ad-set-budget (ABO) campaigns with daily and lifetime ad-set budgets;
 * - a winner (high ROAS), a loser (ROAS < 1), a paused campaign and an awareness campaign.
 *
 * Everything is deterministic: ids are fixed, performance comes from `performance` profiles
 * and a PRNG seeded per ad and day (sandbox_insights.ts).
 */

export type SandboxStatus = 'ACTIVE' | 'PAUSED' | 'ARCHIVED' | 'DELETED'

/** Typical delivery of a campaign: amounts in minor units of the account currency. */
export interface PerformanceProfile {
  /** Cost per 1000 impressions, minor units. */
  cpmMinor: number
  /** Click-through rate (0..1). */
  ctr: number
  /** Conversions per link click (0..1). */
  conversionRate: number
  /** Average order value, minor units (0 for lead campaigns). */
  orderValueMinor: number
  /** Share of the budget actually spent per day (0..1). */
  pacing: number
  /**
   * Conversion-rate drift in percent per day since the campaign started (for up to a year):
   * positive for a campaign getting better (ROAS rising: scale-up cases), negative for one
   * decaying (CPA rising: stop-loss cases). 0 or absent: flat.
   */
  trendPercentPerDay?: number
}

export interface SeedUser {
  id: string
  name: string
  adAccountIds: string[]
}

export interface SeedAdAccount {
  id: string
  name: string
  currency: string
  timezoneName: string
  businessId: string
  businessName: string
  spendCap: number
  /** Days before today the account started spending. */
  ageDays: number
  countries: Array<[string, number]>
}

export interface SeedCampaign {
  id: string
  accountId: string
  name: string
  status: SandboxStatus
  objective: string
  dailyBudget: number | null
  lifetimeBudget: number | null
  bidStrategy: string
  startDaysAgo: number
  /** Days from today the flight ends (lifetime budgets); null: runs until stopped. */
  stopInDays: number | null
  /** Delivery stopped this many days ago (a campaign paused in the past). */
  pausedDaysAgo: number | null
  performance: PerformanceProfile
  adSets: Array<{
    id: string
    name: string
    status: SandboxStatus
    dailyBudget: number | null
    lifetimeBudget: number | null
    optimizationGoal: string
    ads: Array<{ id: string; name: string; status: SandboxStatus; weight: number }>
  }>
}

export const SEED_USERS: SeedUser[] = [
  { id: '10000000000001', name: 'Alex Rivera', adAccountIds: ['100000000001', '100000000002'] },
  { id: '10000000000002', name: 'Blair Chen', adAccountIds: ['200000000001'] },
]

export const SEED_AD_ACCOUNTS: SeedAdAccount[] = [
  {
    id: '100000000001',
    name: 'Rivera Outdoor Co.',
    currency: 'USD',
    timezoneName: 'America/New_York',
    businessId: '500000000001',
    businessName: 'Rivera Outdoor',
    spendCap: 0,
    ageDays: 120,
    countries: [
      ['US', 0.82],
      ['CA', 0.18],
    ],
  },
  {
    id: '100000000002',
    name: 'Rivera Europe',
    currency: 'EUR',
    timezoneName: 'Europe/Paris',
    businessId: '500000000001',
    businessName: 'Rivera Outdoor',
    spendCap: 5_000_000,
    ageDays: 90,
    countries: [
      ['FR', 0.4],
      ['DE', 0.35],
      ['ES', 0.25],
    ],
  },
  {
    id: '200000000001',
    name: 'Chen Studio',
    currency: 'GBP',
    timezoneName: 'Europe/London',
    businessId: '500000000002',
    businessName: 'Chen Studio Ltd',
    spendCap: 0,
    ageDays: 60,
    countries: [['GB', 1]],
  },
]

const ads = (prefix: string, names: string[], status: SandboxStatus = 'ACTIVE') =>
  names.map((name, index) => ({
    id: `${prefix}${index + 1}`,
    name,
    status,
    weight: 1 + ((index * 7) % 3) * 0.35,
  }))

/** Pages the ad accounts may promote (Alex's brand page in both of his accounts). */
export const SEED_PAGES = [
  {
    id: '300000000000001',
    name: 'Rivera Outdoor',
    category: 'Outdoor & Sporting Goods Company',
    accountIds: ['100000000001', '100000000002'],
  },
  {
    id: '300000000000002',
    name: 'Rivera Outdoor Europe',
    category: 'Outdoor & Sporting Goods Company',
    accountIds: ['100000000002'],
  },
  {
    id: '300000000000003',
    name: 'Chen Studio',
    category: 'Design & Fashion',
    accountIds: ['200000000001'],
  },
]

/** Meta pixels and the ad accounts that may use them (`act_<id>/adspixels`). */
export const SEED_PIXELS = [
  {
    id: '600000000000001',
    name: 'Rivera Outdoor pixel',
    accountIds: ['100000000001'],
    lastFiredDaysAgo: 0,
  },
  {
    id: '600000000000002',
    name: 'Rivera Europe pixel',
    accountIds: ['100000000002'],
    lastFiredDaysAgo: 3,
  },
  {
    id: '600000000000003',
    name: 'Chen Studio pixel',
    accountIds: ['200000000001'],
    lastFiredDaysAgo: null,
  },
]

/** Apps the ad accounts may advertise (`act_<id>/advertisable_applications`). */
export const SEED_APPS = [
  {
    id: '700000000000001',
    name: 'Rivera Trails',
    accountIds: ['100000000001', '100000000002'],
    objectStoreUrls: {
      itunes: 'https://apps.apple.com/app/id1234567890',
      google_play: 'https://play.google.com/store/apps/details?id=com.riveraoutdoor.trails',
    },
    supportedPlatforms: ['IPHONE', 'ANDROID'],
  },
]

/** Ad videos already in the accounts' libraries. */
export const SEED_VIDEOS = [
  { id: '400000000000001', accountId: '100000000001', title: 'Trail running 15s' },
  { id: '400000000000002', accountId: '200000000001', title: 'Studio tour 30s' },
]

export const SEED_CAMPAIGNS: SeedCampaign[] = [
  {
    id: '120200000000101',
    accountId: '100000000001',
    name: 'Prospecting - Broad (Advantage+ budget)',
    status: 'ACTIVE',
    objective: 'OUTCOME_SALES',
    dailyBudget: 15_000,
    lifetimeBudget: null,
    bidStrategy: 'LOWEST_COST_WITHOUT_CAP',
    startDaysAgo: 100,
    stopInDays: null,
    pausedDaysAgo: null,
    performance: {
      cpmMinor: 1150,
      ctr: 0.014,
      conversionRate: 0.028,
      orderValueMinor: 8900,
      pacing: 0.93,
      trendPercentPerDay: -0.8,
    },
    adSets: [
      {
        id: '120200000001011',
        name: 'Broad - US 25-54',
        status: 'ACTIVE',
        dailyBudget: null,
        lifetimeBudget: null,
        optimizationGoal: 'OFFSITE_CONVERSIONS',
        ads: ads('12020000001011', ['Tent carousel', 'Hiking boots video']),
      },
      {
        id: '120200000001012',
        name: 'Advantage+ audience',
        status: 'ACTIVE',
        dailyBudget: null,
        lifetimeBudget: null,
        optimizationGoal: 'OFFSITE_CONVERSIONS',
        ads: ads('12020000001012', ['Summer gear UGC', 'Backpack static']),
      },
    ],
  },
  {
    id: '120200000000102',
    accountId: '100000000001',
    name: 'Retargeting - Website Visitors',
    status: 'ACTIVE',
    objective: 'OUTCOME_SALES',
    dailyBudget: null,
    lifetimeBudget: null,
    bidStrategy: 'LOWEST_COST_WITHOUT_CAP',
    startDaysAgo: 110,
    stopInDays: null,
    pausedDaysAgo: null,
    performance: {
      cpmMinor: 1900,
      ctr: 0.022,
      conversionRate: 0.055,
      orderValueMinor: 9500,
      pacing: 0.88,
      trendPercentPerDay: 1,
    },
    adSets: [
      {
        id: '120200000001021',
        name: 'Visitors 7 days',
        status: 'ACTIVE',
        dailyBudget: 5_000,
        lifetimeBudget: null,
        optimizationGoal: 'OFFSITE_CONVERSIONS',
        ads: ads('12020000001021', ['Dynamic catalog', 'Free shipping reminder']),
      },
      {
        id: '120200000001022',
        name: 'Cart abandoners 30 days',
        status: 'ACTIVE',
        dailyBudget: 3_000,
        lifetimeBudget: null,
        optimizationGoal: 'OFFSITE_CONVERSIONS',
        ads: ads('12020000001022', ['10% off code']),
      },
    ],
  },
  {
    id: '120200000000103',
    accountId: '100000000001',
    name: 'Brand Awareness - Video',
    status: 'ACTIVE',
    objective: 'OUTCOME_AWARENESS',
    dailyBudget: null,
    lifetimeBudget: null,
    bidStrategy: 'LOWEST_COST_WITHOUT_CAP',
    startDaysAgo: 20,
    stopInDays: 40,
    pausedDaysAgo: null,
    performance: {
      cpmMinor: 420,
      ctr: 0.004,
      conversionRate: 0.004,
      orderValueMinor: 7000,
      pacing: 0.97,
    },
    adSets: [
      {
        id: '120200000001031',
        name: 'Reach - US 18+',
        status: 'ACTIVE',
        dailyBudget: null,
        lifetimeBudget: 300_000,
        optimizationGoal: 'REACH',
        ads: ads('12020000001031', ['Brand film 15s', 'Brand film 6s']),
      },
    ],
  },
  {
    id: '120200000000104',
    accountId: '100000000001',
    name: 'Spring Sale - Lookalike 1%',
    status: 'PAUSED',
    objective: 'OUTCOME_SALES',
    dailyBudget: null,
    lifetimeBudget: null,
    bidStrategy: 'COST_CAP',
    startDaysAgo: 60,
    stopInDays: null,
    pausedDaysAgo: 14,
    performance: {
      cpmMinor: 1600,
      ctr: 0.009,
      conversionRate: 0.011,
      orderValueMinor: 6000,
      pacing: 0.9,
    },
    adSets: [
      {
        id: '120200000001041',
        name: 'Lookalike purchasers 1%',
        status: 'ACTIVE',
        dailyBudget: 4_000,
        lifetimeBudget: null,
        optimizationGoal: 'OFFSITE_CONVERSIONS',
        ads: ads('12020000001041', ['Spring sale banner', 'Spring sale reel']),
      },
    ],
  },
  {
    id: '120200000000105',
    accountId: '100000000001',
    name: 'Catalog - New Arrivals',
    status: 'ACTIVE',
    objective: 'OUTCOME_SALES',
    dailyBudget: null,
    lifetimeBudget: null,
    bidStrategy: 'LOWEST_COST_WITHOUT_CAP',
    startDaysAgo: 45,
    stopInDays: null,
    pausedDaysAgo: null,
    performance: {
      cpmMinor: 1300,
      ctr: 0.012,
      conversionRate: 0.021,
      orderValueMinor: 7200,
      pacing: 0.85,
    },
    adSets: [
      {
        id: '120200000001051',
        name: 'New arrivals - broad',
        status: 'PAUSED',
        dailyBudget: 2_500,
        lifetimeBudget: null,
        optimizationGoal: 'OFFSITE_CONVERSIONS',
        ads: ads('12020000001051', ['Collection ad']),
      },
      {
        id: '120200000001052',
        name: 'New arrivals - interests',
        status: 'ACTIVE',
        dailyBudget: 2_000,
        lifetimeBudget: null,
        optimizationGoal: 'OFFSITE_CONVERSIONS',
        ads: ads('12020000001052', ['Carousel new in']),
      },
    ],
  },
  {
    id: '120200000000201',
    accountId: '100000000002',
    name: 'EU Prospecting',
    status: 'ACTIVE',
    objective: 'OUTCOME_SALES',
    dailyBudget: null,
    lifetimeBudget: null,
    bidStrategy: 'LOWEST_COST_WITHOUT_CAP',
    startDaysAgo: 80,
    stopInDays: null,
    pausedDaysAgo: null,
    performance: {
      cpmMinor: 900,
      ctr: 0.012,
      conversionRate: 0.02,
      orderValueMinor: 8000,
      pacing: 0.9,
    },
    adSets: [
      {
        id: '120200000002011',
        name: 'FR/DE/ES broad',
        status: 'ACTIVE',
        dailyBudget: 7_000,
        lifetimeBudget: null,
        optimizationGoal: 'OFFSITE_CONVERSIONS',
        ads: ads('12020000002011', ['Tent carousel (FR)', 'Boots video (DE)']),
      },
    ],
  },
  {
    id: '120200000000202',
    accountId: '100000000002',
    name: 'EU Catalog Sales (Advantage+ budget)',
    status: 'ACTIVE',
    objective: 'OUTCOME_SALES',
    dailyBudget: null,
    lifetimeBudget: 500_000,
    bidStrategy: 'LOWEST_COST_WITHOUT_CAP',
    startDaysAgo: 25,
    stopInDays: 35,
    pausedDaysAgo: null,
    performance: {
      cpmMinor: 1000,
      ctr: 0.015,
      conversionRate: 0.03,
      orderValueMinor: 7500,
      pacing: 0.95,
    },
    adSets: [
      {
        id: '120200000002021',
        name: 'Catalog viewers',
        status: 'ACTIVE',
        dailyBudget: null,
        lifetimeBudget: null,
        optimizationGoal: 'OFFSITE_CONVERSIONS',
        ads: ads('12020000002021', ['Dynamic product ad']),
      },
    ],
  },
  {
    id: '120200000000301',
    accountId: '200000000001',
    name: 'Chen Studio - Leads',
    status: 'ACTIVE',
    objective: 'OUTCOME_LEADS',
    dailyBudget: null,
    lifetimeBudget: null,
    bidStrategy: 'LOWEST_COST_WITHOUT_CAP',
    startDaysAgo: 50,
    stopInDays: null,
    pausedDaysAgo: null,
    performance: {
      cpmMinor: 800,
      ctr: 0.011,
      conversionRate: 0.09,
      orderValueMinor: 0,
      pacing: 0.92,
    },
    adSets: [
      {
        id: '120200000003011',
        name: 'London homeowners',
        status: 'ACTIVE',
        dailyBudget: 2_500,
        lifetimeBudget: null,
        optimizationGoal: 'LEAD_GENERATION',
        ads: ads('12020000003011', ['Consultation offer', 'Portfolio carousel']),
      },
    ],
  },
]
