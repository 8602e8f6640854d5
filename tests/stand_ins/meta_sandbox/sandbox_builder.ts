import { createHash } from 'node:crypto'
import { DateTime } from 'luxon'
import {
  BILLING_EVENTS,
  BID_STRATEGIES,
  GOALS_BY_OBJECTIVE,
  OBJECTIVES,
  SPECIAL_AD_CATEGORIES,
  billingEventsFor,
  specialCategoryViolations,
  type Objective,
  type OptimizationGoal,
} from '#meta/services/campaign_rules'
import {
  SANDBOX_SUBCODES,
  graphError,
  invalidParameter,
  unsupported,
} from '#stand_ins/meta_sandbox/sandbox_errors'
import {
  graphTime,
  type SandboxAd,
  type SandboxAdSet,
  type SandboxCampaign,
  type SandboxStore,
} from '#stand_ins/meta_sandbox/sandbox_store'
import {
  GEO_LOCATIONS,
  INTERESTS,
  TARGETING_CATEGORIES,
  audienceSize,
  matches,
} from '#stand_ins/meta_sandbox/sandbox_targeting'
import { SandboxPromotion } from '#stand_ins/meta_sandbox/sandbox_promotion'

type Params = Record<string, string>
type Paged = (items: Array<Record<string, any>>, wanted: string[], type: string) => unknown

/** Synchronous copies are limited to this many objects (Meta: larger trees need batch copies). */
export const MAX_SYNC_COPY_OBJECTS = 3

const PERFORMANCE_BY_OBJECTIVE = {
  cpmMinor: 900,
  ctr: 0.012,
  conversionRate: 0.03,
  orderValueMinor: 6000,
  pacing: 0.9,
}

/**
 * The part of the sandbox that builds campaigns: creation of campaigns, ad sets, creatives,
 * ads and images; ad-set and ad updates; `copies`; budget schedules; pages, videos, image and
 * creative libraries; targeting search and delivery estimates. Everything is validated the
 * way Meta validates it, with Meta-shaped errors.
 */
export class SandboxBuilder {
  readonly #promotion: SandboxPromotion

  constructor(private store: SandboxStore) {
    this.#promotion = new SandboxPromotion(store)
  }

  /* ------------------------------------------------------------------ /search */

  search(params: Params, paged: Paged) {
    const limit = Math.min(Number(params.limit) || 25, 1000)
    switch (params.type) {
      case 'adinterest':
        return paged(
          INTERESTS.filter((interest) => matches(interest.name, params.q))
            .slice(0, limit)
            .map((interest) => this.#interestNode(interest)),
          ['*'],
          'AdInterest'
        )
      case 'adinterestvalid': {
        const ids = parseList(params.interest_fbid_list)
        const names = parseList(params.interest_list)
        const rows = [
          ...ids.map((id) => {
            const interest = INTERESTS.find((candidate) => candidate.id === id)
            return interest
              ? { ...this.#interestNode(interest), valid: true }
              : { id, name: null, valid: false }
          }),
          ...names.map((name) => {
            const interest = INTERESTS.find(
              (candidate) => candidate.name.toLowerCase() === name.toLowerCase()
            )
            return interest
              ? { ...this.#interestNode(interest), valid: true }
              : { name, valid: false }
          }),
        ]
        return { data: rows }
      }
      case 'adTargetingCategory': {
        const wanted =
          params.class === 'demographics'
            ? TARGETING_CATEGORIES.filter((category) => category.type !== 'behaviors')
            : TARGETING_CATEGORIES.filter((category) => category.type === params.class)
        return paged(
          wanted
            .filter((category) => matches(category.name, params.q))
            .map((category) => ({
              id: category.id,
              name: category.name,
              type: category.type,
              path: category.path,
              description: category.description,
              ...bounds(240_000_000 * category.share),
            })),
          ['*'],
          'AdTargetingCategory'
        )
      }
      case 'adgeolocation': {
        const types = parseList(params.location_types)
        return paged(
          GEO_LOCATIONS.filter(
            (location) =>
              matches(location.name, params.q) &&
              (types.length === 0 || types.includes(location.type)) &&
              (!params.country_code || location.country_code === params.country_code)
          )
            .slice(0, limit)
            .map(({ adults: _adults, ...location }) => location),
          ['*'],
          'AdGeoLocation'
        )
      }
      default:
        throw graphError(
          100,
          '(#100) type must be one of the following values: adinterest, adinterestvalid, adTargetingCategory, adgeolocation'
        )
    }
  }

  #interestNode(interest: (typeof INTERESTS)[number]) {
    return {
      id: interest.id,
      name: interest.name,
      path: interest.path,
      topic: interest.topic,
      ...bounds(240_000_000 * interest.share),
    }
  }

  /* ------------------------------------------------------------------ act_<id>/<edge> */

  accountGet(accountId: string, edge: string, params: Params, paged: Paged) {
    switch (edge) {
      case 'promote_pages':
        return paged(
          [...this.store.pages.values()]
            .filter((page) => page.accountIds.includes(accountId))
            .map((page) => ({ id: page.id, name: page.name, category: page.category })),
          fieldList(params, ['id', 'name']),
          'Page'
        )
      case 'advideos':
        return paged(
          [...this.store.videos.values()]
            .filter((video) => video.accountId === accountId)
            .map((video) => ({ id: video.id, title: video.title })),
          fieldList(params, ['id']),
          'AdVideo'
        )
      case 'adimages': {
        const hashes = parseList(params.hashes)
        return paged(
          [...this.store.images.values()]
            .filter((image) => image.accountId === accountId)
            .filter((image) => hashes.length === 0 || hashes.includes(image.hash))
            .map((image) => this.#imageNode(image.hash)),
          fieldList(params, ['hash', 'id']),
          'AdImage'
        )
      }
      case 'adcreatives':
        return paged(
          [...this.store.creatives.values()]
            .filter((creative) => creative.accountId === accountId && creative.status !== 'DELETED')
            .map((creative) => this.creativeNode(creative.id)),
          fieldList(params, ['id']),
          'AdCreative'
        )
      case 'delivery_estimate': {
        const targeting = parseJson(params.targeting_spec, 'targeting_spec')
        if (!targeting) throw graphError(100, '(#100) The parameter targeting_spec is required')
        this.#checkTargeting(targeting, [])
        const people = audienceSize(targeting)
        return {
          data: [
            {
              estimate_ready: people !== null,
              estimate_mau_lower_bound: people === null ? 0 : Math.round(people * 0.85),
              estimate_mau_upper_bound: people === null ? 0 : Math.round(people * 1.15),
              targeting_optimization_types: [],
            },
          ],
        }
      }
      default:
        return this.#promotion.accountGet(
          accountId,
          edge,
          params.fields ? fieldList(params, []) : null,
          paged
        )
    }
  }

  accountPost(accountId: string, edge: string, params: Params) {
    switch (edge) {
      case 'campaigns':
        return this.#createCampaign(accountId, params)
      case 'adsets':
        return this.#createAdSet(accountId, params)
      case 'adcreatives':
        return this.#createCreative(accountId, params)
      case 'ads':
        return this.#createAd(accountId, params)
      case 'adimages':
        return this.#createImage(accountId, params)
      default:
        return undefined
    }
  }

  /* ------------------------------------------------------------------ creation */

  #createCampaign(accountId: string, params: Params) {
    requireParam(params, 'name')
    if (!OBJECTIVES.includes(params.objective as Objective)) {
      throw invalidParameter(
        SANDBOX_SUBCODES.invalidObjective,
        'Invalid objective',
        `Objective ${params.objective ?? '(none)'} is invalid. Use one of: ${OBJECTIVES.join(', ')}.`
      )
    }
    const categories = parseJson<string[]>(params.special_ad_categories, 'special_ad_categories')
    if (!Array.isArray(categories)) {
      throw invalidParameter(
        SANDBOX_SUBCODES.specialAdCategoriesRequired,
        'Special ad categories required',
        'special_ad_categories is required: pass [] or NONE when the ads are not about housing, employment, credit, financial products, social issues or gambling.'
      )
    }
    for (const category of categories) {
      if (!SPECIAL_AD_CATEGORIES.includes(category as any)) {
        throw graphError(
          100,
          `(#100) special_ad_categories[0] must be one of the following values: ${SPECIAL_AD_CATEGORIES.join(', ')}`
        )
      }
    }
    const status = statusParam(params.status)
    const daily =
      params.daily_budget === undefined ? null : budgetParam(params.daily_budget, 'daily_budget')
    const lifetime =
      params.lifetime_budget === undefined
        ? null
        : budgetParam(params.lifetime_budget, 'lifetime_budget')
    if (daily !== null && lifetime !== null) {
      throw graphError(100, '(#100) Only one of daily_budget and lifetime_budget can be set.')
    }
    if (params.bid_strategy && !BID_STRATEGIES.includes(params.bid_strategy as any)) {
      throw graphError(
        100,
        `(#100) Param bid_strategy must be one of {${BID_STRATEGIES.join(', ')}}`
      )
    }
    if (
      daily === null &&
      lifetime === null &&
      params.is_adset_budget_sharing_enabled === undefined
    ) {
      throw invalidParameter(
        SANDBOX_SUBCODES.budgetSharingRequired,
        'Budget sharing setting required',
        'Must specify True or False in is_adset_budget_sharing_enabled field when the campaign has no campaign budget.'
      )
    }
    const account = this.store.accounts.get(accountId)!
    const today = this.store.clock.now().setZone(account.timezoneName)
    const id = this.store.newId()
    const now = graphTime(DateTime.now())
    const campaign: SandboxCampaign = {
      id,
      accountId,
      name: params.name,
      status,
      initialStatus: status,
      objective: params.objective,
      dailyBudget: daily,
      lifetimeBudget: lifetime,
      initialDailyBudget: daily,
      initialLifetimeBudget: lifetime,
      spendCap: params.spend_cap ? budgetParam(params.spend_cap, 'spend_cap', true) : null,
      bidStrategy: params.bid_strategy ?? 'LOWEST_COST_WITHOUT_CAP',
      startDate: today.toISODate()!,
      stopDate: params.stop_time
        ? DateTime.fromISO(params.stop_time).setZone(account.timezoneName).toISODate()
        : null,
      pausedSinceDate: null,
      performance: { ...PERFORMANCE_BY_OBJECTIVE },
      specialAdCategories: categories.filter((category) => category !== 'NONE'),
      isAdsetBudgetSharingEnabled: params.is_adset_budget_sharing_enabled === 'true',
      createdTime: now,
      updatedTime: now,
    }
    this.store.campaigns.set(id, campaign)
    return { id }
  }

  #createAdSet(accountId: string, params: Params) {
    requireParam(params, 'name')
    requireParam(params, 'campaign_id')
    const campaign = this.store.campaigns.get(params.campaign_id)
    if (!campaign || campaign.accountId !== accountId) throw unsupported(params.campaign_id)
    const goal = (params.optimization_goal ?? '') as OptimizationGoal
    const billing = params.billing_event ?? ''
    this.#checkGoal(campaign, goal, billing)
    const daily =
      params.daily_budget === undefined ? null : budgetParam(params.daily_budget, 'daily_budget')
    const lifetime =
      params.lifetime_budget === undefined
        ? null
        : budgetParam(params.lifetime_budget, 'lifetime_budget')
    const campaignBudget = Boolean(campaign.dailyBudget || campaign.lifetimeBudget)
    if ((daily !== null || lifetime !== null) && campaignBudget) {
      throw invalidParameter(
        SANDBOX_SUBCODES.budgetConflict,
        'Budget conflict',
        'You cannot set an ad set budget when the campaign uses a campaign budget (Advantage campaign budget).'
      )
    }
    if (daily === null && lifetime === null && !campaignBudget) {
      throw invalidParameter(
        SANDBOX_SUBCODES.budgetRequired,
        'Budget required',
        'Set a daily or lifetime budget on the ad set, because its campaign has no campaign budget.'
      )
    }
    if (lifetime !== null && !params.end_time) {
      throw invalidParameter(
        SANDBOX_SUBCODES.lifetimeBudgetNeedsEndTime,
        'End time required',
        'An ad set with a lifetime budget needs an end_time.'
      )
    }
    const targeting = parseJson<Record<string, any>>(params.targeting, 'targeting')
    if (!targeting) {
      throw invalidParameter(
        SANDBOX_SUBCODES.targetingRequired,
        'Targeting required',
        'targeting with geo_locations is required.'
      )
    }
    this.#checkTargeting(targeting, campaign.specialAdCategories)
    const bidStrategy = params.bid_strategy ?? null
    const bidConstraints = parseJson<Record<string, any>>(params.bid_constraints, 'bid_constraints')
    this.#checkBid(bidStrategy ?? campaign.bidStrategy, params.bid_amount, bidConstraints)
    const promoted = parseJson<Record<string, any>>(params.promoted_object, 'promoted_object')
    this.#promotion.checkAdSet(accountId, campaign.objective, goal, promoted)
    const frequency = parseJson<Array<Record<string, unknown>>>(
      params.frequency_control_specs,
      'frequency_control_specs'
    )
    if (frequency && goal !== 'REACH') {
      throw invalidParameter(
        SANDBOX_SUBCODES.frequencyCapNotSupported,
        'Frequency cap not available',
        'Frequency caps are only available for ad sets optimized for REACH.'
      )
    }
    const status = statusParam(params.status)
    const id = this.store.newId()
    const now = graphTime(DateTime.now())
    const adSet: SandboxAdSet = {
      id,
      accountId,
      campaignId: campaign.id,
      name: params.name,
      status,
      initialStatus: status,
      dailyBudget: daily,
      lifetimeBudget: lifetime,
      initialDailyBudget: daily,
      initialLifetimeBudget: lifetime,
      optimizationGoal: goal,
      billingEvent: billing,
      bidAmount: params.bid_amount ? Number(params.bid_amount) : null,
      bidStrategy,
      bidConstraints,
      targeting,
      frequencyControlSpecs: frequency,
      startTime: params.start_time ? graphTime(DateTime.fromISO(params.start_time)) : now,
      endTime: params.end_time ? graphTime(DateTime.fromISO(params.end_time)) : null,
      promotedObject: promoted,
      destinationType: params.destination_type ?? null,
      isDynamicCreative: params.is_dynamic_creative === 'true',
      createdTime: now,
      updatedTime: now,
    }
    this.store.adSets.set(id, adSet)
    return { id }
  }

  #createCreative(accountId: string, params: Params) {
    requireParam(params, 'name')
    const story = parseJson<Record<string, any>>(params.object_story_spec, 'object_story_spec')
    const feed = parseJson<Record<string, any>>(params.asset_feed_spec, 'asset_feed_spec')
    if (!story && !params.object_story_id) {
      throw graphError(100, '(#100) Creative must have object_story_spec or object_story_id', {
        subcode: 1443048,
      })
    }
    if (story) {
      const page = this.store.pages.get(String(story.page_id ?? ''))
      if (!page || !page.accountIds.includes(accountId)) {
        throw invalidParameter(
          SANDBOX_SUBCODES.pageNotPromotable,
          'Page not available',
          `This ad account cannot promote the Page ${story.page_id ?? '(none)'}. Choose a Page from promote_pages.`
        )
      }
      const hashes = [
        story.link_data?.image_hash,
        story.video_data?.image_hash,
        ...(feed?.images ?? []).map((image: any) => image.hash),
      ].filter(Boolean)
      for (const hash of hashes) {
        const image = this.store.images.get(String(hash))
        if (!image || image.accountId !== accountId) {
          throw invalidParameter(
            SANDBOX_SUBCODES.imageNotFound,
            'Image not found',
            `The image hash ${hash} is not in this ad account's image library.`
          )
        }
      }
      const videos = [
        story.video_data?.video_id,
        ...(feed?.videos ?? []).map((video: any) => video.video_id),
      ].filter(Boolean)
      for (const videoId of videos) {
        const video = this.store.videos.get(String(videoId))
        if (!video || video.accountId !== accountId) {
          throw invalidParameter(
            SANDBOX_SUBCODES.videoNotFound,
            'Video not found',
            `The video ${videoId} is not in this ad account's video library.`
          )
        }
      }
      if (story.link_data && !story.link_data.link && !feed) {
        throw graphError(100, '(#100) link_data.link is required', { subcode: 1443048 })
      }
    }
    const id = this.store.newId()
    this.store.creatives.set(id, {
      id,
      accountId,
      name: params.name,
      status: 'ACTIVE',
      objectStorySpec: story,
      assetFeedSpec: feed,
      createdTime: graphTime(DateTime.now()),
    })
    return { id }
  }

  #createAd(accountId: string, params: Params) {
    requireParam(params, 'name')
    requireParam(params, 'adset_id')
    const adSet = this.store.adSets.get(params.adset_id)
    if (!adSet || adSet.accountId !== accountId) throw unsupported(params.adset_id)
    const creativeId = this.#creativeParam(accountId, params.creative)
    const status = statusParam(params.status)
    const id = this.store.newId()
    const now = graphTime(DateTime.now())
    const ad: SandboxAd = {
      id,
      accountId,
      campaignId: adSet.campaignId,
      adSetId: adSet.id,
      name: params.name,
      status,
      initialStatus: status,
      weight: 1,
      creativeId,
      createdTime: now,
      updatedTime: now,
    }
    this.store.ads.set(id, ad)
    return { id }
  }

  #creativeParam(accountId: string, raw: string | undefined) {
    const creative = parseJson<{ creative_id?: string }>(raw, 'creative')
    const found = this.store.creatives.get(String(creative?.creative_id ?? ''))
    if (!found || found.status === 'DELETED') {
      throw invalidParameter(
        SANDBOX_SUBCODES.creativeNotFound,
        'Creative not found',
        `The creative ${creative?.creative_id ?? '(none)'} does not exist.`
      )
    }
    if (found.accountId !== accountId) {
      throw invalidParameter(
        SANDBOX_SUBCODES.accountMismatch,
        'Creative in another ad account',
        'The creative must belong to the same ad account as the ad.'
      )
    }
    return found.id
  }

  #createImage(accountId: string, params: Params) {
    if (!params.bytes) throw graphError(100, '(#100) bytes (base64) is required')
    const bytes = Buffer.from(params.bytes, 'base64')
    const format = imageFormat(bytes)
    if (!format) {
      throw invalidParameter(
        SANDBOX_SUBCODES.invalidImage,
        'Invalid image',
        'The file is not an image Meta can use (JPEG, PNG, GIF, BMP or TIFF).'
      )
    }
    const hash = createHash('md5').update(bytes).digest('hex')
    const name = params.name ?? 'bytes'
    if (!this.store.images.has(hash) || this.store.images.get(hash)!.accountId !== accountId) {
      this.store.images.set(hash, {
        hash,
        accountId,
        name,
        width: format.width,
        height: format.height,
        byteLength: bytes.byteLength,
        createdTime: graphTime(DateTime.now()),
      })
    }
    return {
      images: {
        [name]: { hash, url: this.#imageUrl(hash), width: format.width, height: format.height },
      },
    }
  }

  #imageUrl(hash: string) {
    return `https://scontent.sandbox.invalid/adimages/${hash}.jpg`
  }

  #imageNode(hash: string) {
    const image = this.store.images.get(hash)!
    return {
      id: `${image.accountId}:${hash}`,
      account_id: image.accountId,
      hash,
      name: image.name,
      width: image.width,
      height: image.height,
      url: this.#imageUrl(hash),
      status: 'ACTIVE',
      created_time: image.createdTime,
    }
  }

  creativeNode(id: string) {
    const creative = this.store.creatives.get(id)!
    const story = creative.objectStorySpec
    return {
      id: creative.id,
      account_id: creative.accountId,
      name: creative.name,
      status: creative.status,
      object_story_spec: story ?? undefined,
      asset_feed_spec: creative.assetFeedSpec ?? undefined,
      title: story?.link_data?.name,
      body: story?.link_data?.message ?? story?.video_data?.message,
      link_url: story?.link_data?.link,
      image_hash: story?.link_data?.image_hash,
      video_id: story?.video_data?.video_id,
      call_to_action_type:
        story?.link_data?.call_to_action?.type ?? story?.video_data?.call_to_action?.type,
      effective_object_story_id: story?.page_id ? `${story.page_id}_${creative.id}` : undefined,
      created_time: creative.createdTime,
    }
  }

  /* ------------------------------------------------------------------ /<id>[/<edge>] */

  /**
   * Routes for creatives, budget schedules, copies and deletions; undefined when the request
   * is for the campaign/ad set/ad routes of the sandbox itself.
   */
  objectRoute(method: string, id: string, edge: string | undefined, params: Params, paged: Paged) {
    const creative = this.store.creatives.get(id)
    const schedule = this.store.budgetSchedules.get(id)
    if (creative) {
      if (!edge && method === 'GET')
        return pickFields(this.creativeNode(id), fieldList(params, ['id']), 'AdCreative')
      if (!edge && method === 'DELETE') {
        creative.status = 'DELETED'
        return { success: true }
      }
      if (!edge && method === 'POST' && params.name) {
        creative.name = params.name
        return { success: true }
      }
      throw unsupported(id, method.toLowerCase())
    }
    if (schedule) {
      if (!edge && method === 'GET')
        return pickFields(this.#scheduleNode(id), fieldList(params, ['id']), 'HighDemandPeriod')
      if (!edge && method === 'DELETE') {
        this.store.budgetSchedules.delete(id)
        return { success: true }
      }
      throw unsupported(id, method.toLowerCase())
    }
    const target =
      this.store.campaigns.get(id) ?? this.store.adSets.get(id) ?? this.store.ads.get(id)
    if (!target) return undefined
    if (!edge && method === 'DELETE') {
      target.status = 'DELETED'
      target.updatedTime = graphTime(DateTime.now())
      return { success: true }
    }
    if (edge === 'copies' && method === 'POST') return this.#copy(id, params)
    if (edge === 'budget_schedules' && !this.store.ads.has(id)) {
      if (method === 'GET') {
        return paged(
          [...this.store.budgetSchedules.values()]
            .filter((item) => item.objectId === id)
            .map((item) => this.#scheduleNode(item.id)),
          fieldList(params, ['id']),
          'HighDemandPeriod'
        )
      }
      if (method === 'POST')
        return this.#createSchedule(target as SandboxCampaign | SandboxAdSet, params)
    }
    if (edge === 'adcreatives' && method === 'GET' && this.store.ads.has(id)) {
      const ad = this.store.ads.get(id)!
      return paged([this.creativeNode(ad.creativeId)], fieldList(params, ['id']), 'AdCreative')
    }
    return undefined
  }

  /* ------------------------------------------------------------------ updates */

  /**
   * Validates and applies the ad-set fields of `POST /<ad set id>` beyond status and budget:
   * targeting, bids, frequency caps, schedule, name.
   */
  updateAdSet(adSet: SandboxAdSet, params: Params) {
    const campaign = this.store.campaigns.get(adSet.campaignId)!
    const targeting = parseJson<Record<string, any>>(params.targeting, 'targeting')
    if (targeting) this.#checkTargeting(targeting, campaign.specialAdCategories)
    const bidConstraints = parseJson<Record<string, any>>(params.bid_constraints, 'bid_constraints')
    if (params.bid_strategy !== undefined || params.bid_amount !== undefined || bidConstraints) {
      this.#checkBid(
        params.bid_strategy ?? adSet.bidStrategy ?? campaign.bidStrategy,
        params.bid_amount ?? (adSet.bidAmount === null ? undefined : String(adSet.bidAmount)),
        bidConstraints ?? adSet.bidConstraints
      )
    }
    const frequency = parseJson<Array<Record<string, unknown>>>(
      params.frequency_control_specs,
      'frequency_control_specs'
    )
    if (frequency && adSet.optimizationGoal !== 'REACH') {
      throw invalidParameter(
        SANDBOX_SUBCODES.frequencyCapNotSupported,
        'Frequency cap not available',
        'Frequency caps are only available for ad sets optimized for REACH.'
      )
    }
    const end = params.end_time ?? adSet.endTime
    if (adSet.lifetimeBudget && params.end_time === '') {
      throw invalidParameter(
        SANDBOX_SUBCODES.lifetimeBudgetNeedsEndTime,
        'End time required',
        'An ad set with a lifetime budget needs an end_time.'
      )
    }
    const start = params.start_time ?? adSet.startTime
    if (start && end && DateTime.fromISO(start) >= DateTime.fromISO(end)) {
      throw graphError(100, '(#100) end_time must be after start_time', { subcode: 1487177 })
    }
    if (targeting) adSet.targeting = targeting
    if (params.bid_strategy !== undefined) adSet.bidStrategy = params.bid_strategy
    if (params.bid_amount !== undefined) adSet.bidAmount = Number(params.bid_amount)
    if (bidConstraints) adSet.bidConstraints = bidConstraints
    if (frequency) adSet.frequencyControlSpecs = frequency
    if (params.start_time) adSet.startTime = graphTime(DateTime.fromISO(params.start_time))
    if (params.end_time) adSet.endTime = graphTime(DateTime.fromISO(params.end_time))
  }

  /** `POST /<ad id>` with `creative`: swaps the creative (same ad account only). */
  updateAd(ad: SandboxAd, params: Params) {
    if (params.creative !== undefined)
      ad.creativeId = this.#creativeParam(ad.accountId, params.creative)
  }

  /* ------------------------------------------------------------------ copies */

  #copy(id: string, params: Params) {
    const deep = params.deep_copy === 'true'
    const statusOption = params.status_option ?? 'PAUSED'
    if (!['ACTIVE', 'PAUSED', 'INHERITED_FROM_SOURCE'].includes(statusOption)) {
      throw graphError(
        100,
        '(#100) Param status_option must be one of {ACTIVE, PAUSED, INHERITED_FROM_SOURCE}'
      )
    }
    const rename = parseJson<{
      rename_strategy?: string
      rename_prefix?: string
      rename_suffix?: string
    }>(params.rename_options, 'rename_options')
    const strategy = rename?.rename_strategy ?? 'ONLY_TOP_LEVEL_RENAME'
    const prefix = rename?.rename_prefix ?? ''
    const suffix = rename?.rename_suffix ?? (prefix ? '' : ' - Copy')
    const renamed = (name: string, top: boolean) =>
      strategy === 'NO_RENAME' || (strategy === 'ONLY_TOP_LEVEL_RENAME' && !top)
        ? name
        : `${prefix}${name}${suffix}`
    const status = (source: string) =>
      (statusOption === 'INHERITED_FROM_SOURCE' ? source : statusOption) as any
    const now = graphTime(DateTime.now())
    const copied: Array<{ ad_object_type: string; source_id: string; copied_id: string }> = []

    const campaign = this.store.campaigns.get(id)
    const adSet = this.store.adSets.get(id)
    const count = campaign
      ? 1 +
        (deep
          ? [...this.store.adSets.values()].filter((item) => item.campaignId === id).length +
            [...this.store.ads.values()].filter((item) => item.campaignId === id).length
          : 0)
      : adSet
        ? 1 + (deep ? [...this.store.ads.values()].filter((item) => item.adSetId === id).length : 0)
        : 1
    if (count > MAX_SYNC_COPY_OBJECTS) {
      throw invalidParameter(
        SANDBOX_SUBCODES.tooManyCopies,
        'Too many objects to copy',
        `A copy can include at most ${MAX_SYNC_COPY_OBJECTS} campaigns, ad sets and ads at once; this one has ${count}. Copy the children separately or use an asynchronous batch request.`
      )
    }
    const copyAd = (ad: SandboxAd, adSetId: string, top: boolean) => {
      const newId = this.store.newId()
      const target = this.store.adSets.get(adSetId)!
      this.store.ads.set(newId, {
        ...ad,
        id: newId,
        adSetId,
        campaignId: target.campaignId,
        name: renamed(ad.name, top),
        status: status(ad.status),
        initialStatus: 'PAUSED',
        createdTime: now,
        updatedTime: now,
      })
      copied.push({ ad_object_type: 'ad', source_id: ad.id, copied_id: newId })
      return newId
    }
    const copyAdSet = (source: SandboxAdSet, campaignId: string, top: boolean) => {
      const newId = this.store.newId()
      this.store.adSets.set(newId, {
        ...source,
        id: newId,
        campaignId,
        name: renamed(source.name, top),
        status: status(source.status),
        initialStatus: 'PAUSED',
        startTime: params.start_time
          ? graphTime(DateTime.fromISO(params.start_time))
          : source.startTime,
        endTime: params.end_time ? graphTime(DateTime.fromISO(params.end_time)) : source.endTime,
        createdTime: now,
        updatedTime: now,
      })
      copied.push({ ad_object_type: 'ad_set', source_id: source.id, copied_id: newId })
      if (deep)
        for (const ad of [...this.store.ads.values()].filter((item) => item.adSetId === source.id))
          copyAd(ad, newId, false)
      return newId
    }
    if (campaign) {
      const newId = this.store.newId()
      this.store.campaigns.set(newId, {
        ...campaign,
        id: newId,
        name: renamed(campaign.name, true),
        status: status(campaign.status),
        initialStatus: 'PAUSED',
        pausedSinceDate: null,
        createdTime: now,
        updatedTime: now,
      })
      copied.push({ ad_object_type: 'campaign', source_id: id, copied_id: newId })
      if (deep)
        for (const child of [...this.store.adSets.values()].filter(
          (item) => item.campaignId === id
        ))
          copyAdSet(child, newId, false)
      return { copied_campaign_id: newId, ad_object_ids: copied }
    }
    if (adSet) {
      const campaignId = params.campaign_id ?? adSet.campaignId
      const parent = this.store.campaigns.get(campaignId)
      if (!parent || parent.accountId !== adSet.accountId) throw unsupported(campaignId)
      if (
        (parent.dailyBudget || parent.lifetimeBudget) &&
        (adSet.dailyBudget || adSet.lifetimeBudget)
      ) {
        throw invalidParameter(
          SANDBOX_SUBCODES.budgetConflict,
          'Budget conflict',
          'You cannot copy an ad set with its own budget into a campaign that uses a campaign budget.'
        )
      }
      return { copied_adset_id: copyAdSet(adSet, campaignId, true), ad_object_ids: copied }
    }
    const ad = this.store.ads.get(id)!
    const adSetId = params.adset_id ?? ad.adSetId
    const parent = this.store.adSets.get(adSetId)
    if (!parent || parent.accountId !== ad.accountId) throw unsupported(adSetId)
    return { copied_ad_id: copyAd(ad, adSetId, true), ad_object_ids: copied }
  }

  /* ------------------------------------------------------------------ budget schedules */

  #createSchedule(target: SandboxCampaign | SandboxAdSet, params: Params) {
    const fail = (message: string) =>
      invalidParameter(SANDBOX_SUBCODES.budgetScheduleInvalid, 'Budget schedule not valid', message)
    if (!target.dailyBudget) throw fail('Budget scheduling is only available for daily budgets.')
    const type = params.budget_value_type
    if (type !== 'ABSOLUTE' && type !== 'MULTIPLIER')
      throw graphError(100, '(#100) Param budget_value_type must be one of {ABSOLUTE, MULTIPLIER}')
    const value = Number(params.budget_value)
    const start = Number(params.time_start)
    const end = Number(params.time_end)
    if (!Number.isInteger(value) || value <= 0)
      throw graphError(100, '(#100) Param budget_value must be a positive integer')
    if (!Number.isInteger(start) || !Number.isInteger(end))
      throw graphError(100, '(#100) time_start and time_end must be Unix timestamps')
    if (start % 900 !== 0 || end % 900 !== 0)
      throw fail('Start and end times must be on 15-minute increments.')
    if (end - start < 3 * 3600) throw fail('A budget schedule must last at least 3 hours.')
    if (start <= Math.floor(Date.now() / 1000)) throw fail('The start time must be in the future.')
    const existing = [...this.store.budgetSchedules.values()].filter(
      (item) => item.objectId === target.id
    )
    if (existing.length >= 50)
      throw fail('You can schedule at most 50 budget increases per campaign or ad set.')
    if (existing.some((item) => item.budgetValueType !== type))
      throw fail(
        'Budget schedules of one campaign or ad set must all be ABSOLUTE or all MULTIPLIER.'
      )
    if (existing.some((item) => start < item.timeEnd && end > item.timeStart))
      throw fail('Budget schedules cannot overlap.')
    const id = this.store.newId()
    this.store.budgetSchedules.set(id, {
      id,
      accountId: target.accountId,
      objectId: target.id,
      budgetValue: value,
      budgetValueType: type,
      timeStart: start,
      timeEnd: end,
    })
    return { id }
  }

  #scheduleNode(id: string) {
    const schedule = this.store.budgetSchedules.get(id)!
    return {
      id: schedule.id,
      ad_object_id: schedule.objectId,
      budget_value: String(schedule.budgetValue),
      budget_value_type: schedule.budgetValueType,
      time_start: schedule.timeStart,
      time_end: schedule.timeEnd,
      recurrence_type: 'ONE_TIME',
    }
  }

  /* ------------------------------------------------------------------ validation */

  #checkGoal(campaign: SandboxCampaign, goal: OptimizationGoal, billing: string) {
    const allowed = GOALS_BY_OBJECTIVE[campaign.objective as Objective] ?? []
    if (!allowed.includes(goal)) {
      throw invalidParameter(
        SANDBOX_SUBCODES.goalNotForObjective,
        'Performance goal not available',
        `The optimization goal ${goal || '(none)'} isn't available for the ${campaign.objective} objective.`
      )
    }
    if (
      !BILLING_EVENTS.includes(billing as any) ||
      !billingEventsFor(goal).includes(billing as any)
    ) {
      throw invalidParameter(
        SANDBOX_SUBCODES.billingEventNotForGoal,
        'Billing event not available',
        `The billing event ${billing || '(none)'} can't be used with the optimization goal ${goal}.`
      )
    }
  }

  #checkBid(
    strategy: string | null,
    bidAmount: string | undefined,
    constraints: Record<string, any> | null
  ) {
    if ((strategy === 'LOWEST_COST_WITH_BID_CAP' || strategy === 'COST_CAP') && !bidAmount) {
      throw invalidParameter(
        SANDBOX_SUBCODES.bidAmountRequired,
        'Bid Amount Or Bid Constraints Required For Bid Strategy',
        `The ${strategy} bid strategy requires bid_amount.`
      )
    }
    if (strategy === 'LOWEST_COST_WITH_MIN_ROAS' && !constraints?.roas_average_floor) {
      throw invalidParameter(
        SANDBOX_SUBCODES.bidAmountRequired,
        'Bid Amount Or Bid Constraints Required For Bid Strategy',
        'The LOWEST_COST_WITH_MIN_ROAS bid strategy requires bid_constraints.roas_average_floor.'
      )
    }
  }

  #checkTargeting(targeting: Record<string, any>, categories: string[]) {
    const geo = targeting.geo_locations
    if (
      !geo ||
      !['countries', 'regions', 'cities', 'zips', 'custom_locations'].some(
        (key) => Array.isArray(geo[key]) && geo[key].length > 0
      )
    ) {
      throw invalidParameter(
        SANDBOX_SUBCODES.targetingRequired,
        'Location required',
        'targeting.geo_locations must include at least one location.'
      )
    }
    const groups = [
      targeting,
      ...(Array.isArray(targeting.flexible_spec) ? targeting.flexible_spec : []),
    ]
    for (const group of groups) {
      for (const interest of group.interests ?? []) {
        if (!INTERESTS.some((candidate) => candidate.id === String(interest.id))) {
          throw invalidParameter(
            SANDBOX_SUBCODES.invalidInterest,
            'Invalid interest',
            `The interest ${interest.id} is not a valid interest.`
          )
        }
      }
    }
    if (targeting.targeting_automation?.advantage_audience === undefined) {
      throw invalidParameter(
        SANDBOX_SUBCODES.advantageAudienceRequired,
        'Advantage audience flag required',
        'To create your ad set, enable or disable the Advantage audience feature (targeting.targeting_automation.advantage_audience 0 or 1).'
      )
    }
    const violations = specialCategoryViolations(categories, targeting)
    if (violations.length > 0) {
      throw invalidParameter(
        SANDBOX_SUBCODES.specialAdCategoryTargeting,
        'Audience restricted for this Special Ad Category',
        violations.join(' ')
      )
    }
  }
}

/* ------------------------------------------------------------------ helpers */

function bounds(people: number) {
  return {
    audience_size_lower_bound: Math.round(people * 0.9),
    audience_size_upper_bound: Math.round(people * 1.1),
  }
}

function requireParam(params: Params, name: string) {
  if (!params[name]) throw graphError(100, `(#100) The parameter ${name} is required`)
}

function statusParam(value: string | undefined) {
  const status = value ?? 'ACTIVE'
  if (!['ACTIVE', 'PAUSED'].includes(status))
    throw graphError(100, '(#100) Param status must be one of {ACTIVE, PAUSED}')
  return status as 'ACTIVE' | 'PAUSED'
}

function budgetParam(value: string, name: string, allowZero = false) {
  const parsed = Number(value)
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(parsed)) {
    throw graphError(
      100,
      `(#100) Param ${name} must be a non-negative integer (minor units of the account currency)`
    )
  }
  if (!allowZero && parsed < 100) {
    throw invalidParameter(
      SANDBOX_SUBCODES.budgetTooLow,
      'Budget too low',
      'Your budget is too low. The minimum budget for this ad set is $1.00.'
    )
  }
  return parsed
}

function parseJson<T>(value: string | undefined, name: string): T | null {
  if (value === undefined || value === '') return null
  try {
    return JSON.parse(value) as T
  } catch {
    throw graphError(100, `(#100) Param ${name} must be a JSON value`)
  }
}

function parseList(value: string | undefined): string[] {
  if (!value) return []
  try {
    const parsed = JSON.parse(value)
    return Array.isArray(parsed) ? parsed.map(String) : [String(parsed)]
  } catch {
    return value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
  }
}

function fieldList(params: Params, fallback: string[]) {
  return params.fields
    ? params.fields
        .split(',')
        .map((field) => field.trim())
        .filter(Boolean)
    : fallback
}

function pickFields(node: Record<string, any>, wanted: string[], type: string) {
  const result: Record<string, unknown> = { id: node.id }
  for (const field of wanted) {
    if (!(field in node))
      throw graphError(
        100,
        `(#100) Tried accessing nonexisting field (${field}) on node type (${type})`
      )
    if (node[field] !== undefined) result[field] = node[field]
  }
  return result
}

/** The format and size of JPEG, PNG, GIF, BMP or TIFF bytes (what adimages accepts), or null. */
function imageFormat(bytes: Buffer): { width: number; height: number } | null {
  if (
    bytes.length > 24 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
  }
  if (bytes.length > 10 && bytes.subarray(0, 6).toString('latin1').startsWith('GIF8')) {
    return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) }
  }
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return { width: 0, height: 0 }
  if (bytes.length > 26 && bytes.subarray(0, 2).toString('latin1') === 'BM') {
    return { width: bytes.readInt32LE(18), height: Math.abs(bytes.readInt32LE(22)) }
  }
  const tiff = bytes.subarray(0, 4).toString('latin1')
  if (tiff === 'II*\u0000' || tiff === 'MM\u0000*') return { width: 0, height: 0 }
  return null
}
