import { z } from 'zod'
import { confirmInput, objectIdInput } from '#meta/tools/schemas'
import {
  BID_STRATEGIES,
  BILLING_EVENTS,
  OBJECTIVES,
  OPTIMIZATION_GOALS,
  SPECIAL_AD_CATEGORIES,
} from '#meta/services/campaign_rules'
import { CONVERSION_EVENTS } from '#meta/services/promoted_object_rules'

/**
 * Zod pieces of the campaign-building tools. Inside `targeting` the keys are Meta's own
 * (targeting spec, Marketing API "Targeting Specs"); every object is strict, so a misspelt key
 * is refused by name instead of being dropped.
 */

export const nameInput = (what: string) =>
  z.string().trim().min(1).max(400).describe(`Name of the ${what} (shown in Ads Manager)`)

export const creationStatusInput = z
  .enum(['PAUSED', 'ACTIVE'])
  .optional()
  .describe(
    'Status of the new object. Default PAUSED: nothing delivers until you activate it (update_*_status)'
  )

export const objectiveInput = z
  .enum(OBJECTIVES)
  .describe(
    "Campaign objective (Meta's outcome-based objectives): OUTCOME_AWARENESS, OUTCOME_TRAFFIC, OUTCOME_ENGAGEMENT, OUTCOME_LEADS, OUTCOME_APP_PROMOTION, OUTCOME_SALES"
  )

export const specialAdCategoriesInput = z
  .array(z.enum(SPECIAL_AD_CATEGORIES))
  .max(4)
  .optional()
  .describe(
    'Special ad categories the ads belong to (HOUSING, EMPLOYMENT, CREDIT, FINANCIAL_PRODUCTS_SERVICES, ISSUES_ELECTIONS_POLITICS, ONLINE_GAMBLING_AND_GAMING). Omitted or []: none. Housing, employment, credit and financial products restrict targeting (no age/gender/ZIP narrowing)'
  )

export const bidStrategyInput = z
  .enum(BID_STRATEGIES)
  .optional()
  .describe(
    'Bid strategy: LOWEST_COST_WITHOUT_CAP (default), LOWEST_COST_WITH_BID_CAP or COST_CAP (need bidAmount), LOWEST_COST_WITH_MIN_ROAS (needs bidConstraints.roasAverageFloor)'
  )

export const optimizationGoalInput = z
  .enum(OPTIMIZATION_GOALS)
  .describe(
    'What delivery optimizes for; must fit the campaign objective (e.g. OUTCOME_TRAFFIC: LINK_CLICKS, LANDING_PAGE_VIEWS; OUTCOME_SALES: OFFSITE_CONVERSIONS, VALUE; OUTCOME_AWARENESS: REACH, IMPRESSIONS, AD_RECALL_LIFT, THRUPLAY)'
  )

export const billingEventInput = z
  .enum(BILLING_EVENTS)
  .optional()
  .describe(
    'What you pay for. Default IMPRESSIONS (valid for every goal); LINK_CLICKS only with LINK_CLICKS, THRUPLAY only with THRUPLAY, APP_INSTALLS only with APP_INSTALLS'
  )

export const bidAmountInput = z
  .number()
  .int()
  .positive()
  .optional()
  .describe('Bid cap or cost cap per result, integer minor units of the account currency')

export const bidConstraintsInput = z
  .object({
    roasAverageFloor: z
      .number()
      .int()
      .positive()
      .describe(
        "Minimum return on ad spend × 10000 (Meta's roas_average_floor: 15000 = 1.5×), for LOWEST_COST_WITH_MIN_ROAS"
      ),
  })
  .strict()
  .optional()
  .describe('Bid constraints (minimum ROAS)')

export const frequencyControlSpecsInput = z
  .array(
    z
      .object({
        event: z.literal('IMPRESSIONS').describe('What is capped: IMPRESSIONS'),
        interval_days: z.number().int().min(1).max(90).describe('Window in days (1-90)'),
        max_frequency: z
          .number()
          .int()
          .min(1)
          .max(90)
          .describe('Most impressions per person in the window'),
      })
      .strict()
  )
  .max(1)
  .optional()
  .describe(
    'Frequency cap (ad sets optimized for REACH only), e.g. [{event: IMPRESSIONS, interval_days: 7, max_frequency: 2}]'
  )

export const timeInput = (what: string) =>
  z
    .string()
    .datetime({ offset: true })
    .optional()
    .describe(`${what}, ISO 8601 with offset (2026-12-01T09:00:00Z)`)

const idName = z
  .object({
    id: z
      .string()
      .regex(/^\d{1,25}$/)
      .describe('Targeting entry id (from search_targeting)'),
    name: z.string().optional().describe('Its name (informational; Meta reads the id)'),
  })
  .strict()

const detailedTargeting = {
  interests: z.array(idName).optional().describe('Interests (search_targeting type interests)'),
  behaviors: z.array(idName).optional().describe('Behaviors (search_targeting type behaviors)'),
  life_events: z.array(idName).optional().describe('Life events (type demographics)'),
  family_statuses: z.array(idName).optional().describe('Family statuses (type demographics)'),
  industries: z.array(idName).optional().describe('Industries (type demographics)'),
  income: z.array(idName).optional().describe('Household income brackets (type demographics)'),
  work_positions: z.array(idName).optional().describe('Job titles'),
  work_employers: z.array(idName).optional().describe('Employers'),
}

const geoKey = (what: string) =>
  z
    .object({
      key: z.string().min(1).describe(`${what} key (from search_targeting geo_locations)`),
    })
    .strict()

const geoLocations = z
  .object({
    countries: z
      .array(z.string().regex(/^[A-Z]{2}$/))
      .optional()
      .describe('ISO 3166-1 alpha-2 country codes, e.g. ["US", "CA"]'),
    regions: z.array(geoKey('Region')).optional().describe('Regions (states, provinces)'),
    cities: z
      .array(
        z
          .object({
            key: z.string().min(1).describe('City key (from search_targeting geo_locations)'),
            radius: z.number().int().min(1).max(80).optional().describe('Radius around the city'),
            distance_unit: z.enum(['mile', 'kilometer']).optional().describe('Unit of radius'),
          })
          .strict()
      )
      .optional()
      .describe('Cities, optionally with a radius'),
    zips: z.array(geoKey('ZIP / postal code')).optional().describe('ZIP or postal codes'),
    custom_locations: z
      .array(
        z
          .object({
            latitude: z.number().min(-90).max(90).describe('Latitude'),
            longitude: z.number().min(-180).max(180).describe('Longitude'),
            radius: z.number().min(0.6).max(80).describe('Radius'),
            distance_unit: z.enum(['mile', 'kilometer']).describe('Unit of radius'),
          })
          .strict()
      )
      .optional()
      .describe('Points with a radius'),
    location_types: z
      .array(z.enum(['home', 'recent']))
      .optional()
      .describe('People who live there (home) and/or were recently there (recent)'),
  })
  .strict()
  .describe('Where the audience is; at least one location is required')

/** A Meta targeting spec (the common part; Meta's own key names). */
export const targetingInput = z
  .object({
    geo_locations: geoLocations,
    excluded_geo_locations: geoLocations.optional().describe('Locations to leave out'),
    age_min: z
      .number()
      .int()
      .min(13)
      .max(65)
      .optional()
      .describe('Youngest age (13-65, default 18)'),
    age_max: z.number().int().min(13).max(65).optional().describe('Oldest age (65 means 65+)'),
    genders: z
      .array(z.union([z.literal(1), z.literal(2)]))
      .optional()
      .describe('1 = men, 2 = women; omitted = all'),
    locales: z.array(z.number().int()).optional().describe('Meta locale ids (languages)'),
    ...detailedTargeting,
    flexible_spec: z
      .array(z.object(detailedTargeting).strict())
      .optional()
      .describe('Groups of detailed targeting: people match any entry of a group AND every group'),
    exclusions: z
      .object(detailedTargeting)
      .strict()
      .optional()
      .describe('Detailed targeting to exclude'),
    custom_audiences: z
      .array(idName)
      .optional()
      .describe('Custom or lookalike audiences to include'),
    excluded_custom_audiences: z.array(idName).optional().describe('Custom audiences to exclude'),
    publisher_platforms: z
      .array(z.enum(['facebook', 'instagram', 'audience_network', 'messenger', 'threads']))
      .optional()
      .describe('Platforms; omitted = Advantage+ placements'),
    facebook_positions: z
      .array(z.string())
      .optional()
      .describe('Facebook placements (feed, story...)'),
    instagram_positions: z
      .array(z.string())
      .optional()
      .describe('Instagram placements (stream, story, reels...)'),
    device_platforms: z
      .array(z.enum(['mobile', 'desktop']))
      .optional()
      .describe('Devices'),
    targeting_automation: z
      .object({
        advantage_audience: z
          .union([z.literal(0), z.literal(1)])
          .describe('1: let Meta widen the audience (Advantage+ audience); 0: keep to this spec'),
      })
      .strict()
      .optional()
      .describe('Advantage+ audience switch; Adrelay sends advantage_audience 0 when omitted'),
  })
  .strict()
  .describe(
    "Meta targeting spec. Example: {geo_locations: {countries: ['US']}, age_min: 25, interests: [{id: '6003139266461', name: 'Hiking'}]}"
  )

export const promotedObjectInput = z
  .object({
    pixel_id: z
      .string()
      .regex(/^\d+$/)
      .optional()
      .describe('Meta pixel id (website conversions), from list_pixels; needs custom_event_type'),
    custom_event_type: z
      .enum(CONVERSION_EVENTS)
      .optional()
      .describe('Standard event the pixel optimizes for: PURCHASE, LEAD, ADD_TO_CART...'),
    page_id: z
      .string()
      .regex(/^\d+$/)
      .optional()
      .describe('Page promoted (instant-form leads, Page likes), from list_pages'),
    application_id: z
      .string()
      .regex(/^\d+$/)
      .optional()
      .describe('App promoted (App promotion, app installs), from list_advertisable_apps'),
    object_store_url: z
      .string()
      .url()
      .optional()
      .describe("One of the app's store URLs (list_advertisable_apps storeUrls)"),
  })
  .strict()
  .optional()
  .describe(
    'What the ad set promotes, required by some goals (refused with meta_promoted_object_required otherwise, in the preview as at Meta): OFFSITE_CONVERSIONS / VALUE (Sales) a pixel and event (pixel_id + custom_event_type); LEAD_GENERATION, QUALITY_LEAD and PAGE_LIKES a Page (page_id); every App promotion goal and APP_INSTALLS the app (application_id + object_store_url)'
  )

export const renameInputs = {
  renameStrategy: z
    .enum(['ONLY_TOP_LEVEL_RENAME', 'DEEP_RENAME', 'NO_RENAME'])
    .optional()
    .describe(
      'Which copies get renamed: the copied object only (default), it and its children, or none'
    ),
  renamePrefix: z.string().max(100).optional().describe('Text put before the copied names'),
  renameSuffix: z
    .string()
    .max(100)
    .optional()
    .describe('Text put after the copied names (default " - Copy" when no prefix is given)'),
}

export const copyStatusInput = z
  .enum(['PAUSED', 'ACTIVE', 'INHERITED_FROM_SOURCE'])
  .optional()
  .describe('Status of the copies: PAUSED (default), ACTIVE, or INHERITED_FROM_SOURCE')

export const deepCopyInput = z
  .boolean()
  .optional()
  .describe('true: also copy the children (ad sets and ads). Default false')

/** MCP annotations of creations: they add objects (not destructive), a retry creates another. */
export const creationAnnotations = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: false,
  openWorldHint: true,
}

/** MCP annotations of reads from Meta. */
export const metaReadAnnotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: true,
}

export const PREVIEW_NOTE =
  'Without confirm: true nothing is sent to Meta: the result is a preview with the exact Graph request (requests) and every field of the object to be created (changes); show it to the user and call again with confirm: true.'

export const json = z.record(z.string(), z.unknown())

export const creativeOutput = z.object({
  id: z.string(),
  adAccountId: z.string(),
  name: z.string(),
  status: z.string(),
  pageId: z.string().nullable().describe('Page the ad runs as'),
  title: z.string().nullable().describe('Headline'),
  body: z.string().nullable().describe('Primary text'),
  linkUrl: z.string().nullable(),
  imageHash: z.string().nullable(),
  videoId: z.string().nullable(),
  callToActionType: z.string().nullable(),
  isDynamic: z.boolean().describe('true: a dynamic creative (asset_feed_spec)'),
  objectStorySpec: json.nullable().describe("Meta's object_story_spec"),
  assetFeedSpec: json.nullable().describe("Meta's asset_feed_spec"),
  createdTime: z.string().nullable(),
})

export const COPY_NOTE =
  "Uses Meta's copies edge. Copies are PAUSED unless statusOption says otherwise. Without confirm: true nothing is copied: the preview lists the exact Graph requests (a deep copy of more than 3 objects is split into several)."

export const lifecycleInput = {
  objectType: z.enum(['campaign', 'ad_set', 'ad']).describe('What objectId is'),
  objectId: objectIdInput('Campaign, ad set or ad'),
  confirm: confirmInput,
}

export const updateAnnotations = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: true,
  openWorldHint: true,
}

/** Texts of a creative: one, or 2-5 for a dynamic creative. */
export const texts = (what: string) =>
  z
    .array(z.string().trim().min(1).max(2000))
    .min(1)
    .max(5)
    .optional()
    .describe(`${what}; one makes a single creative, 2-5 a dynamic creative`)
