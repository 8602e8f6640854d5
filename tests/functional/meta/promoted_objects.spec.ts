import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import type { MetaSandbox } from '#stand_ins/meta_sandbox/meta_sandbox'
import { createApiKey, createUser, setPlan } from '#tests/helpers/factories'
import { ALEX, BLAIR, connectMeta, sandboxGroup } from '#tests/helpers/meta'

const ACCOUNT = ALEX.accounts[0]
const ALEX_PIXEL = '600000000000001'
const BLAIR_PIXEL = '600000000000003'
const ALEX_PAGE = '300000000000001'
const TRAILS_APP = '700000000000001'
const TRAILS_PLAY = 'https://play.google.com/store/apps/details?id=com.riveraoutdoor.trails'
const TARGETING = { geo_locations: { countries: ['US'] } }

let sandbox: MetaSandbox
const useSandbox = (fresh: MetaSandbox) => (sandbox = fresh)

const writesTo = (of: MetaSandbox) => of.requests.filter((request) => request.method !== 'GET')

/** A Trafficker connected to the sandbox as `as`, calling REST actions with an API key. */
async function traffickerCall(client: ApiClient, as = ALEX) {
  const user = await createUser()
  await setPlan(user, 'trafficker')
  await connectMeta(user, as)
  const { key } = await createApiKey(user)
  return {
    post: (name: string, input: Record<string, unknown>) =>
      client.post(`/api/v1/meta/${name}`).json(input).bearerToken(key),
    get: (name: string, query: Record<string, unknown>) =>
      client.get(`/api/v1/meta/${name}`).qs(query).bearerToken(key),
  }
}

/** A new PAUSED campaign with `objective` in Alex's USD account; its id. */
async function newCampaign(call: Awaited<ReturnType<typeof traffickerCall>>, objective: string) {
  const response = await call.post('create_campaign', {
    adAccountId: ACCOUNT,
    name: `${objective} test`,
    objective,
    confirm: true,
  })
  response.assertStatus(200)
  return response.body().objectId as string
}

sandboxGroup('Promoted objects: what an ad set promotes', useSandbox, () => {
  test('a Sales ad set without a pixel is refused in the preview, before anything reaches Meta', async ({
    client,
    assert,
  }) => {
    const call = await traffickerCall(client)
    const campaignId = await newCampaign(call, 'OUTCOME_SALES')
    const writes = writesTo(sandbox).length
    const preview = await call.post('create_ad_set', {
      campaignId,
      name: 'Buyers',
      dailyBudget: 4000,
      targeting: TARGETING,
    })
    preview.assertStatus(422)
    assert.containsSubset(preview.body().error, {
      code: 'meta_promoted_object_required',
      kind: 'pixel',
      needs: ['pixel_id', 'custom_event_type'],
      optimizationGoal: 'OFFSITE_CONVERSIONS',
    })
    // A pixel without its event is refused too, as Meta refuses it.
    const noEvent = await call.post('create_ad_set', {
      campaignId,
      name: 'Buyers',
      dailyBudget: 4000,
      targeting: TARGETING,
      promotedObject: { pixel_id: ALEX_PIXEL },
    })
    noEvent.assertStatus(422)
    assert.equal(noEvent.body().error.field, 'promotedObject.custom_event_type')
    assert.lengthOf(writesTo(sandbox), writes)
  })

  test('with the account pixel and a conversion event the Sales ad set is created', async ({
    client,
    assert,
  }) => {
    const call = await traffickerCall(client)
    const campaignId = await newCampaign(call, 'OUTCOME_SALES')
    const input = {
      campaignId,
      name: 'Buyers',
      dailyBudget: 4000,
      targeting: TARGETING,
      promotedObject: { pixel_id: ALEX_PIXEL, custom_event_type: 'PURCHASE' },
    }
    const preview = await call.post('create_ad_set', input)
    preview.assertStatus(200)
    assert.deepEqual(preview.body().requests[0].params.promoted_object, input.promotedObject)
    const created = await call.post('create_ad_set', { ...input, confirm: true })
    created.assertStatus(200)
    assert.deepEqual(
      sandbox.store.adSets.get(created.body().objectId)!.promotedObject,
      input.promotedObject
    )
  })

  test("another account's pixel, an app the account cannot advertise and a foreign store URL are refused", async ({
    client,
    assert,
  }) => {
    const call = await traffickerCall(client)
    const sales = await newCampaign(call, 'OUTCOME_SALES')
    const apps = await newCampaign(call, 'OUTCOME_APP_PROMOTION')
    const adSet = (campaignId: string, promotedObject: Record<string, unknown>) =>
      call.post('create_ad_set', {
        campaignId,
        name: 'x',
        dailyBudget: 4000,
        targeting: TARGETING,
        promotedObject,
      })

    const foreignPixel = await adSet(sales, { pixel_id: BLAIR_PIXEL, custom_event_type: 'LEAD' })
    foreignPixel.assertStatus(404)
    assert.containsSubset(foreignPixel.body().error, {
      code: 'meta_object_not_owned',
      field: 'promotedObject.pixel_id',
    })
    const unknownApp = await adSet(apps, {
      application_id: '799999999999999',
      object_store_url: TRAILS_PLAY,
    })
    unknownApp.assertStatus(404)
    assert.equal(unknownApp.body().error.field, 'promotedObject.application_id')
    const wrongStore = await adSet(apps, {
      application_id: TRAILS_APP,
      object_store_url: 'https://play.google.com/store/apps/details?id=com.other',
    })
    wrongStore.assertStatus(422)
    assert.containsSubset(wrongStore.body().error, {
      code: 'meta_promoted_object_invalid',
      field: 'promotedObject.object_store_url',
    })
  })

  test('App promotion needs the app and its store URL, Leads the Page', async ({
    client,
    assert,
  }) => {
    const call = await traffickerCall(client)
    const apps = await newCampaign(call, 'OUTCOME_APP_PROMOTION')
    const leads = await newCampaign(call, 'OUTCOME_LEADS')
    const base = { name: 'x', dailyBudget: 4000, targeting: TARGETING }

    const noApp = await call.post('create_ad_set', { ...base, campaignId: apps })
    noApp.assertStatus(422)
    assert.containsSubset(noApp.body().error, {
      code: 'meta_promoted_object_required',
      kind: 'app',
      needs: ['application_id', 'object_store_url'],
    })
    const app = await call.post('create_ad_set', {
      ...base,
      campaignId: apps,
      promotedObject: { application_id: TRAILS_APP, object_store_url: TRAILS_PLAY },
      confirm: true,
    })
    app.assertStatus(200)
    assert.equal(app.body().object.optimizationGoal, 'APP_INSTALLS')

    const noPage = await call.post('create_ad_set', { ...base, campaignId: leads })
    noPage.assertStatus(422)
    assert.containsSubset(noPage.body().error, { kind: 'page', needs: ['page_id'] })
    const page = await call.post('create_ad_set', {
      ...base,
      campaignId: leads,
      promotedObject: { page_id: ALEX_PAGE },
      confirm: true,
    })
    page.assertStatus(200)
    assert.deepEqual(sandbox.store.adSets.get(page.body().objectId)!.promotedObject, {
      page_id: ALEX_PAGE,
    })
  })

  test('list_pixels and list_advertisable_apps answer what each ad account may use', async ({
    client,
    assert,
  }) => {
    const alex = await traffickerCall(client)
    const pixels = await alex.get('list_pixels', { adAccountId: ACCOUNT })
    pixels.assertStatus(200)
    assert.deepEqual(
      pixels.body().pixels.map((pixel: any) => [pixel.id, pixel.name, pixel.isUnavailable]),
      [[ALEX_PIXEL, 'Rivera Outdoor pixel', false]]
    )
    assert.match(pixels.body().pixels[0].lastFiredTime, /^\d{4}-\d\d-\d\dT/)
    const apps = await alex.get('list_advertisable_apps', { adAccountId: ACCOUNT })
    apps.assertStatus(200)
    assert.deepEqual(apps.body().apps, [
      {
        id: TRAILS_APP,
        name: 'Rivera Trails',
        storeUrls: [
          { store: 'itunes', url: 'https://apps.apple.com/app/id1234567890' },
          { store: 'google_play', url: TRAILS_PLAY },
        ],
        supportedPlatforms: ['IPHONE', 'ANDROID'],
      },
    ])

    const blair = await traffickerCall(client, BLAIR)
    const none = await blair.get('list_advertisable_apps', { adAccountId: BLAIR.accounts[0] })
    assert.deepEqual(none.body().apps, [])
    const foreign = await blair.get('list_pixels', { adAccountId: ACCOUNT })
    foreign.assertStatus(404)
    assert.equal(foreign.body().error.code, 'meta_object_not_owned')
  })

  test("the sandbox refuses a missing promoted object with Meta's 1815430 on its own", async ({
    client,
    assert,
  }) => {
    // Straight through the integrator proxy, past Adrelay's pre-flight: the stand-in keeps
    // Meta's rule rather than relying on the app's.
    const user = await createUser()
    await setPlan(user, 'trafficker')
    await connectMeta(user)
    const { key } = await createApiKey(user)
    const campaign = await client
      .post('/api/v1/meta/create_campaign')
      .json({ adAccountId: ACCOUNT, name: 'Direct', objective: 'OUTCOME_SALES', confirm: true })
      .bearerToken(key)
    const response = await client
      .post('/internal/meta/proxy')
      .json({
        method: 'POST',
        path: `${ACCOUNT}/adsets`,
        params: {
          name: 'x',
          campaign_id: campaign.body().objectId,
          optimization_goal: 'OFFSITE_CONVERSIONS',
          billing_event: 'IMPRESSIONS',
          daily_budget: '4000',
          targeting: JSON.stringify({
            ...TARGETING,
            targeting_automation: { advantage_audience: 0 },
          }),
        },
      })
      .bearerToken(key)
    response.assertStatus(400)
    assert.containsSubset(response.body().error, {
      code: 'meta_error',
      metaSubcode: 1815430,
      metaUserTitle: 'Promoted object required',
    })
  })
})
