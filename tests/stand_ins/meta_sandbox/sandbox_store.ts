import { DateTime } from 'luxon'
import {
  SEED_AD_ACCOUNTS,
  SEED_CAMPAIGNS,
  SEED_APPS,
  SEED_PAGES,
  SEED_PIXELS,
  SEED_USERS,
  SEED_VIDEOS,
  type PerformanceProfile,
  type SandboxStatus,
} from '#stand_ins/meta_sandbox/sandbox_seed'

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
  specialAdCategories: string[]
  isAdsetBudgetSharingEnabled: boolean
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
  billingEvent: string
  bidAmount: number | null
  bidStrategy: string | null
  bidConstraints: Record<string, unknown> | null
  targeting: Record<string, any>
  frequencyControlSpecs: Array<Record<string, unknown>> | null
  /** Graph times; null: the campaign's. */
  startTime: string | null
  endTime: string | null
  promotedObject: Record<string, unknown> | null
  destinationType: string | null
  isDynamicCreative: boolean
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
  creativeId: string
  createdTime: string
  updatedTime: string
}

/** A Facebook Page and the ad accounts that may promote it (`act_<id>/promote_pages`). */
export interface SandboxPage {
  id: string
  name: string
  category: string
  accountIds: string[]
}

/** A Meta pixel and the ad accounts that may use it (`act_<id>/adspixels`). */
export interface SandboxPixel {
  id: string
  name: string
  accountIds: string[]
  /** Days before now the pixel last received an event; null: never. */
  lastFiredDaysAgo: number | null
}

/** An app and the ad accounts that may advertise it (`act_<id>/advertisable_applications`). */
export interface SandboxApp {
  id: string
  name: string
  accountIds: string[]
  /** Meta's `object_store_urls`: store key → URL. */
  objectStoreUrls: Record<string, string>
  supportedPlatforms: string[]
}

export interface SandboxImage {
  /** MD5 of the bytes, hex (Meta's image hash). */
  hash: string
  accountId: string
  name: string
  width: number
  height: number
  byteLength: number
  createdTime: string
}

export interface SandboxVideo {
  id: string
  accountId: string
  title: string
}

export interface SandboxCreative {
  id: string
  accountId: string
  name: string
  status: 'ACTIVE' | 'DELETED'
  objectStorySpec: Record<string, any> | null
  assetFeedSpec: Record<string, any> | null
  createdTime: string
}

/** A budget schedule (high demand period) of a campaign or ad set. */
export interface SandboxBudgetSchedule {
  id: string
  accountId: string
  objectId: string
  budgetValue: number
  budgetValueType: 'ABSOLUTE' | 'MULTIPLIER'
  /** Unix seconds. */
  timeStart: number
  timeEnd: number
}

/** Formats a time the way the Graph API does: `2026-01-31T09:00:00-0500`. */
export function graphTime(time: DateTime) {
  return time.toFormat("yyyy-MM-dd'T'HH:mm:ssZZZ")
}

/**
 * The sandbox's clock: real time unless a test drives it (`set` / `advance`), so insights
 * evolve over simulated days and hours deterministically.
 */
export class SandboxClock {
  #offsetMs = 0
  #driven = false

  /** The sandbox's current instant. */
  now(): DateTime {
    return DateTime.fromMillis(Date.now() + this.#offsetMs)
  }

  /** Whether a test set the time: then today's delivery grows with the hour of the day. */
  get driven() {
    return this.#driven
  }

  /** Moves the clock to `at`. */
  set(at: DateTime | Date | string) {
    const target =
      typeof at === 'string'
        ? DateTime.fromISO(at)
        : at instanceof Date
          ? DateTime.fromJSDate(at)
          : at
    this.#offsetMs = target.toMillis() - Date.now()
    this.#driven = true
  }

  /** Moves the clock forward by `duration` (e.g. `{hours: 1}`). */
  advance(duration: { days?: number; hours?: number; minutes?: number }) {
    this.set(this.now().plus(duration))
  }

  /** Back to real time. */
  reset() {
    this.#offsetMs = 0
    this.#driven = false
  }
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
  pages = new Map<string, SandboxPage>()
  pixels = new Map<string, SandboxPixel>()
  apps = new Map<string, SandboxApp>()
  images = new Map<string, SandboxImage>()
  videos = new Map<string, SandboxVideo>()
  creatives = new Map<string, SandboxCreative>()
  budgetSchedules = new Map<string, SandboxBudgetSchedule>()
  /** The store's time; `MetaSandbox.reset()` puts it back to real time. */
  readonly clock = new SandboxClock()
  #nextId = 0

  constructor() {
    this.reset()
  }

  /** A new object id: deterministic (a counter from the same start after every reset). */
  newId(): string {
    this.#nextId += 1
    return String(120_230_000_000_000n + BigInt(this.#nextId))
  }

  reset() {
    this.#nextId = 0
    this.users.clear()
    this.accounts.clear()
    this.campaigns.clear()
    this.adSets.clear()
    this.ads.clear()
    this.pages.clear()
    this.pixels.clear()
    this.apps.clear()
    this.images.clear()
    this.videos.clear()
    this.creatives.clear()
    this.budgetSchedules.clear()
    for (const page of SEED_PAGES)
      this.pages.set(page.id, { ...page, accountIds: [...page.accountIds] })
    for (const video of SEED_VIDEOS) this.videos.set(video.id, { ...video })
    for (const pixel of SEED_PIXELS)
      this.pixels.set(pixel.id, { ...pixel, accountIds: [...pixel.accountIds] })
    for (const seed of SEED_APPS) {
      this.apps.set(seed.id, {
        ...seed,
        accountIds: [...seed.accountIds],
        objectStoreUrls: { ...seed.objectStoreUrls },
        supportedPlatforms: [...seed.supportedPlatforms],
      })
    }
    for (const user of SEED_USERS)
      this.users.set(user.id, { ...user, adAccountIds: [...user.adAccountIds] })
    for (const account of SEED_AD_ACCOUNTS) {
      const today = this.clock.now().setZone(account.timezoneName).startOf('day')
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
      const today = this.clock.now().setZone(account.timezoneName).startOf('day')
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
        specialAdCategories: [],
        isAdsetBudgetSharingEnabled: false,
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
          billingEvent: 'IMPRESSIONS',
          bidAmount: null,
          bidStrategy: null,
          bidConstraints: null,
          targeting: {
            geo_locations: { countries: account.countries.map(([country]) => country) },
            age_min: 18,
            age_max: 65,
          },
          frequencyControlSpecs: null,
          startTime: null,
          endTime: null,
          promotedObject: null,
          destinationType: null,
          isDynamicCreative: false,
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
            creativeId: `9${ad.id.slice(1)}`,
            createdTime: created,
            updatedTime: created,
          })
          const page = [...this.pages.values()].find((candidate) =>
            candidate.accountIds.includes(seed.accountId)
          )
          this.creatives.set(`9${ad.id.slice(1)}`, {
            id: `9${ad.id.slice(1)}`,
            accountId: seed.accountId,
            name: `${ad.name} creative`,
            status: 'ACTIVE',
            objectStorySpec: {
              page_id: page?.id,
              link_data: {
                link: 'https://example.com/',
                message: ad.name,
                name: adSet.name,
              },
            },
            assetFeedSpec: null,
            createdTime: created,
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

  /** The ad account an object (account, campaign, ad set, ad, creative, video, schedule) belongs to. */
  accountOf(objectId: string): string | null {
    const id = objectId.replace(/^act_/, '')
    if (this.accounts.has(id) && objectId.startsWith('act_')) return id
    return (
      this.campaigns.get(objectId)?.accountId ??
      this.adSets.get(objectId)?.accountId ??
      this.ads.get(objectId)?.accountId ??
      this.creatives.get(objectId)?.accountId ??
      this.videos.get(objectId)?.accountId ??
      this.budgetSchedules.get(objectId)?.accountId ??
      null
    )
  }
}
