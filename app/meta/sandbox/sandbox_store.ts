import { DateTime } from 'luxon'
import {
  SEED_AD_ACCOUNTS,
  SEED_CAMPAIGNS,
  SEED_USERS,
  type PerformanceProfile,
  type SandboxStatus,
} from '#meta/sandbox/sandbox_seed'

export interface SandboxUser {
  id: string
  name: string
  adAccountIds: string[]
}

export interface SandboxAccount {
  /** Digits only (Meta's `account_id`); the node id is `act_<id>`. */
  id: string
  name: string
  currency: string
  timezoneName: string
  businessId: string
  businessName: string
  /** Minor units; 0 = no limit. */
  spendCap: number
  /** Spend charged before the sandbox's insights window, minor units. */
  createdDate: string
  countries: Array<[string, number]>
}

export interface SandboxCampaign {
  id: string
  accountId: string
  name: string
  status: SandboxStatus
  initialStatus: SandboxStatus
  objective: string
  dailyBudget: number | null
  lifetimeBudget: number | null
  initialDailyBudget: number | null
  initialLifetimeBudget: number | null
  spendCap: number | null
  bidStrategy: string
  startDate: string
  stopDate: string | null
  pausedSinceDate: string | null
  performance: PerformanceProfile
  createdTime: string
  updatedTime: string
}

export interface SandboxAdSet {
  id: string
  accountId: string
  campaignId: string
  name: string
  status: SandboxStatus
  initialStatus: SandboxStatus
  dailyBudget: number | null
  lifetimeBudget: number | null
  initialDailyBudget: number | null
  initialLifetimeBudget: number | null
  optimizationGoal: string
  createdTime: string
  updatedTime: string
}

export interface SandboxAd {
  id: string
  accountId: string
  campaignId: string
  adSetId: string
  name: string
  status: SandboxStatus
  initialStatus: SandboxStatus
  weight: number
  createdTime: string
  updatedTime: string
}

/** Formats a time the way the Graph API does: `2026-01-31T09:00:00-0500`. */
export function graphTime(time: DateTime) {
  return time.toFormat("yyyy-MM-dd'T'HH:mm:ssZZZ")
}

/**
 * The sandbox's mutable world, rebuilt from the seed by `reset()`. Dates are anchored to the
 * day the store is built (campaigns started N days ago), in each account's time zone.
 */
export class SandboxStore {
  users = new Map<string, SandboxUser>()
  accounts = new Map<string, SandboxAccount>()
  campaigns = new Map<string, SandboxCampaign>()
  adSets = new Map<string, SandboxAdSet>()
  ads = new Map<string, SandboxAd>()

  constructor() {
    this.reset()
  }

  reset() {
    this.users.clear()
    this.accounts.clear()
    this.campaigns.clear()
    this.adSets.clear()
    this.ads.clear()
    for (const user of SEED_USERS)
      this.users.set(user.id, { ...user, adAccountIds: [...user.adAccountIds] })
    for (const account of SEED_AD_ACCOUNTS) {
      const today = DateTime.now().setZone(account.timezoneName).startOf('day')
      this.accounts.set(account.id, {
        id: account.id,
        name: account.name,
        currency: account.currency,
        timezoneName: account.timezoneName,
        businessId: account.businessId,
        businessName: account.businessName,
        spendCap: account.spendCap,
        createdDate: today.minus({ days: account.ageDays }).toISODate()!,
        countries: account.countries,
      })
    }
    for (const seed of SEED_CAMPAIGNS) {
      const account = this.accounts.get(seed.accountId)!
      const today = DateTime.now().setZone(account.timezoneName).startOf('day')
      const start = today.minus({ days: seed.startDaysAgo })
      const created = graphTime(start.minus({ days: 1 }).plus({ hours: 10 }))
      this.campaigns.set(seed.id, {
        id: seed.id,
        accountId: seed.accountId,
        name: seed.name,
        status: seed.status,
        initialStatus: seed.status,
        objective: seed.objective,
        dailyBudget: seed.dailyBudget,
        lifetimeBudget: seed.lifetimeBudget,
        initialDailyBudget: seed.dailyBudget,
        initialLifetimeBudget: seed.lifetimeBudget,
        spendCap: null,
        bidStrategy: seed.bidStrategy,
        startDate: start.toISODate()!,
        stopDate:
          seed.stopInDays === null ? null : today.plus({ days: seed.stopInDays }).toISODate()!,
        pausedSinceDate:
          seed.pausedDaysAgo === null
            ? null
            : today.minus({ days: seed.pausedDaysAgo }).toISODate()!,
        performance: seed.performance,
        createdTime: created,
        updatedTime: created,
      })
      for (const adSet of seed.adSets) {
        this.adSets.set(adSet.id, {
          id: adSet.id,
          accountId: seed.accountId,
          campaignId: seed.id,
          name: adSet.name,
          status: adSet.status,
          initialStatus: adSet.status,
          dailyBudget: adSet.dailyBudget,
          lifetimeBudget: adSet.lifetimeBudget,
          initialDailyBudget: adSet.dailyBudget,
          initialLifetimeBudget: adSet.lifetimeBudget,
          optimizationGoal: adSet.optimizationGoal,
          createdTime: created,
          updatedTime: created,
        })
        for (const ad of adSet.ads) {
          this.ads.set(ad.id, {
            id: ad.id,
            accountId: seed.accountId,
            campaignId: seed.id,
            adSetId: adSet.id,
            name: ad.name,
            status: ad.status,
            initialStatus: ad.status,
            weight: ad.weight,
            createdTime: created,
            updatedTime: created,
          })
        }
      }
    }
  }

  /** Meta's effective_status: a paused parent shows through. */
  effectiveStatus(object: SandboxCampaign | SandboxAdSet | SandboxAd): string {
    if (object.status !== 'ACTIVE') return object.status
    if ('campaignId' in object) {
      const campaign = this.campaigns.get(object.campaignId)!
      if (campaign.status !== 'ACTIVE')
        return campaign.status === 'PAUSED' ? 'CAMPAIGN_PAUSED' : campaign.status
    }
    if ('adSetId' in object) {
      const adSet = this.adSets.get(object.adSetId)!
      if (adSet.status !== 'ACTIVE')
        return adSet.status === 'PAUSED' ? 'ADSET_PAUSED' : adSet.status
    }
    return 'ACTIVE'
  }

  /** The ad account an object (account, campaign, ad set, ad) belongs to. */
  accountOf(objectId: string): string | null {
    const id = objectId.replace(/^act_/, '')
    if (this.accounts.has(id) && objectId.startsWith('act_')) return id
    return (
      this.campaigns.get(objectId)?.accountId ??
      this.adSets.get(objectId)?.accountId ??
      this.ads.get(objectId)?.accountId ??
      null
    )
  }
}
