import { test } from '@japa/runner'
import { createApiKey, createUser, setPlan } from '#tests/helpers/factories'
import { ALEX, connectMeta, consent, freshSandbox } from '#tests/helpers/meta'
import MetaConnection from '#meta/models/meta_connection'
import { inertiaVersion } from '#tests/helpers/inertia'

const LEAD_SCOPES = [
  'leads_retrieval',
  'pages_show_list',
  'pages_read_engagement',
  'pages_manage_ads',
]
const ADS_SCOPES = ['ads_read', 'ads_management', 'business_management']

/** Starts a connect as `user`: the dialog URL and the session the start left behind. */
async function start(client: any, user: any) {
  const response = await client.get('/meta/oauth/start').loginAs(user).redirects(0)
  response.assertStatus(302)
  return {
    dialogUrl: response.header('location') as string,
    session: { meta_oauth: response.session().meta_oauth },
  }
}

test.group('Meta permissions for leads', (group) => {
  group.each.setup(async () => {
    await freshSandbox()
  })

  test('an Agency connect asks for the lead permissions; the consent page shows them and they are recorded', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    await setPlan(user, 'agency')
    const { dialogUrl, session } = await start(client, user)
    const asked = new URL(dialogUrl).searchParams.get('scope')!.split(',')
    assert.deepEqual(asked, [...ADS_SCOPES, ...LEAD_SCOPES])

    const page = await (await fetch(dialogUrl)).text()
    for (const scope of LEAD_SCOPES) assert.include(page, `<code>${scope}</code>`)

    const back = await consent(dialogUrl, 'allow')
    const callback = await client
      .get(`/meta/oauth/callback${back.search}`)
      .withSession(session)
      .loginAs(user)
      .redirects(0)
    callback.assertHeader('location', '/integrations?success=meta_connected')

    const row = await MetaConnection.findByOrFail('userId', user.id)
    assert.includeMembers(row.scopes, [...ADS_SCOPES, ...LEAD_SCOPES])
    const status = await client.get('/api/meta/status').loginAs(user)
    assert.containsSubset(status.body(), { leadAccess: 'granted', missingScopes: [] })

    const { key } = await createApiKey(user)
    const leads = await client.get('/api/v1/leads/list_leads').bearerToken(key)
    leads.assertStatus(200)
    assert.lengthOf(leads.body().leads, 2)

    // The forms say what Adrelay holds of them: count and newest lead (Kim Lee, a day ago).
    const forms = await client.get('/api/v1/leads/list_lead_forms').bearerToken(key)
    const form = forms.body().forms.find((item: any) => item.id === '500000000000001')
    assert.equal(form.storedLeads, 2)
    assert.equal(form.lastLeadAt, leads.body().leads[0].createdTime)
  })

  test('a Trafficker connect asks only for the ads permissions', async ({ client, assert }) => {
    const user = await createUser()
    await setPlan(user, 'trafficker')
    const { dialogUrl } = await start(client, user)
    assert.equal(new URL(dialogUrl).searchParams.get('scope'), ADS_SCOPES.join(','))
  })

  test('an Agency connection without leads_retrieval is told to reconnect, and Meta refuses its lead reads', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    await setPlan(user, 'agency')
    await connectMeta(user, ALEX, 'l', ADS_SCOPES)
    const status = await client.get('/api/meta/status').loginAs(user)
    assert.equal(status.body().leadAccess, 'missing')
    assert.deepEqual(status.body().missingScopes, LEAD_SCOPES)

    const { key } = await createApiKey(user)
    const leads = await client.get('/api/v1/leads/list_leads').bearerToken(key)
    leads.assertStatus(403)
    assert.equal(leads.body().error.code, 'meta_permission_denied')
    assert.include(leads.body().error.message, 'leads_retrieval')

    const page = await client
      .get('/leads')
      .loginAs(user)
      .header('x-inertia', 'true')
      .header('x-inertia-version', await inertiaVersion())
    page.assertStatus(200)
    assert.containsSubset(page.body().props, {
      entitled: true,
      meta: { status: 'connected', leadAccess: 'missing' },
    })
  })
})
