import { test } from '@japa/runner'
import { createHmac } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import { createApiKey, createUser, setPlan } from '#tests/helpers/factories'
import { connectMeta, freshSandbox } from '#tests/helpers/meta'
import { SANDBOX_APP_SECRET } from '#config/meta'
import Notification from '#alerts/models/notification'
import { pruneExpiredLeads } from '#leads/services/lead_retention'

const FORM = '500000000000001'

async function agencyUser() {
  const user = await createUser()
  await setPlan(user, 'agency')
  await connectMeta(user)
  const { key } = await createApiKey(user)
  return { user, key }
}

function signed(body: string, secret = SANDBOX_APP_SECRET) {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`
}

test.group('Lead tracking', (group) => {
  group.each.setup(async () => {
    await freshSandbox()
  })

  test('list_lead_forms lists the forms of the Pages the ad accounts promote', async ({
    client,
    assert,
  }) => {
    const { key } = await agencyUser()
    const response = await client.get('/api/v1/leads/list_lead_forms').bearerToken(key)
    response.assertStatus(200)
    const form = response.body().forms.find((item: any) => item.id === FORM)
    assert.deepInclude(form, {
      name: 'Spring catalogue request',
      pageId: '300000000000001',
      pageName: 'Rivera Outdoor',
      status: 'ACTIVE',
      leadsCount: 2,
    })
  })

  test('leads are an Agency feature: Trafficker gets plan_upgrade_required', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    await setPlan(user, 'trafficker')
    const { key } = await createApiKey(user)
    const response = await client.get('/api/v1/leads/list_leads').bearerToken(key)
    response.assertStatus(403)
    assert.equal(response.body().error.code, 'plan_upgrade_required')
    assert.equal(response.body().error.requiredPlan, 'agency')
  })

  test('list_leads pulls new leads, stores the answers encrypted and raises lead_received once each', async ({
    client,
    assert,
  }) => {
    const { user, key } = await agencyUser()
    const first = await client.get('/api/v1/leads/list_leads').bearerToken(key)
    first.assertStatus(200)
    assert.lengthOf(first.body().leads, 2)
    assert.deepEqual(first.body().leads[0].fieldData, [
      { name: 'full_name', values: ['Kim Lee'] },
      { name: 'email', values: ['kim@example.com'] },
    ])
    const raw = await db.from('leads').where('user_id', user.id)
    assert.lengthOf(raw, 2)
    for (const row of raw) assert.notInclude(row.field_data_encrypted, '@example.com')

    const sandbox = await freshSandboxWithoutReset()
    sandbox.leads.addLead(FORM, { full_name: 'Ana Costa', email: 'ana@example.com' })
    const second = await client.get('/api/v1/leads/list_leads').bearerToken(key)
    assert.lengthOf(second.body().leads, 3)
    assert.equal(second.body().leads[0].fieldData[0].values[0], 'Ana Costa')

    const alerts = await Notification.query()
      .where('user_id', user.id)
      .where('type', 'lead_received')
    assert.lengthOf(alerts, 3)
    assert.equal(alerts[0].title, 'New lead from Spring catalogue request')
    for (const alert of alerts) assert.notInclude(alert.message + JSON.stringify(alert.data), '@')
  })

  test('the leadgen webhook answers the subscription handshake only with the verify token', async ({
    client,
    assert,
    cleanup,
  }) => {
    process.env.META_WEBHOOK_VERIFY_TOKEN = 'adrelay-verify-token'
    cleanup(() => {
      delete process.env.META_WEBHOOK_VERIFY_TOKEN
    })
    const ok = await client.get('/webhooks/meta/leadgen').qs({
      'hub.mode': 'subscribe',
      'hub.verify_token': 'adrelay-verify-token',
      'hub.challenge': '1158201444',
    })
    ok.assertStatus(200)
    assert.equal(ok.text(), '1158201444')
    const wrong = await client.get('/webhooks/meta/leadgen').qs({
      'hub.mode': 'subscribe',
      'hub.verify_token': 'guess',
      'hub.challenge': '1',
    })
    wrong.assertStatus(403)
  })

  test('a signed leadgen notification stores the lead; a bad signature is refused', async ({
    client,
    assert,
  }) => {
    const { user, key } = await agencyUser()
    await client.get('/api/v1/leads/list_lead_forms').bearerToken(key)
    const sandbox = await freshSandboxWithoutReset()
    const leadId = sandbox.leads.addLead(FORM, { full_name: 'Webhook Person' })
    const payload = {
      object: 'page',
      entry: [
        {
          id: '300000000000001',
          time: Math.floor(Date.now() / 1000),
          changes: [
            {
              field: 'leadgen',
              value: {
                leadgen_id: leadId,
                form_id: FORM,
                page_id: '300000000000001',
                created_time: Math.floor(Date.now() / 1000),
              },
            },
          ],
        },
      ],
    }
    // The client sends JSON.stringify(payload): the exact bytes signed here.
    const body = JSON.stringify(payload)

    const forged = await client
      .post('/webhooks/meta/leadgen')
      .header('x-hub-signature-256', signed(body, 'not-the-app-secret'))
      .json(payload)
    forged.assertStatus(401)
    assert.equal(forged.body().error.code, 'invalid_signature')
    assert.lengthOf(await db.from('leads').where('user_id', user.id), 0)

    const genuine = await client
      .post('/webhooks/meta/leadgen')
      .header('x-hub-signature-256', signed(body))
      .json(payload)
    genuine.assertStatus(200)
    // Every Agency user holding the form gets it (earlier tests' users share the sandbox Page).
    assert.isTrue(genuine.body().received)
    assert.isAtLeast(genuine.body().stored, 1)
    const [row] = await db.from('leads').where('user_id', user.id)
    assert.equal(row.meta_lead_id, leadId)
    assert.equal(row.received_via, 'webhook')

    // Meta retries deliveries: the same notification stores nothing twice.
    const again = await client
      .post('/webhooks/meta/leadgen')
      .header('x-hub-signature-256', signed(body))
      .json(payload)
    assert.deepEqual(again.body(), { received: true, stored: 0 })
  })

  test('leads older than the retention period are deleted', async ({ client, assert }) => {
    const { user, key } = await agencyUser()
    await client.get('/api/v1/leads/list_leads').bearerToken(key)
    assert.equal(await pruneExpiredLeads(new Date(Date.now() + 89 * 86_400_000)), 0)
    assert.isAtLeast(await pruneExpiredLeads(new Date(Date.now() + 91 * 86_400_000)), 2)
    assert.lengthOf(await db.from('leads').where('user_id', user.id), 0)
  })
})

async function freshSandboxWithoutReset() {
  const { default: app } = await import('@adonisjs/core/services/app')
  const { MetaEndpoints } = await import('#meta/services/meta_endpoints')
  const endpoints = await app.container.make(MetaEndpoints)
  await endpoints.resolve()
  return endpoints.sandbox as import('#stand_ins/meta_sandbox/meta_sandbox').MetaSandbox
}

test.group('Lead export', (group) => {
  group.each.setup(async () => {
    await freshSandbox()
  })

  test('the CSV export has one column per question and neutralises formulas', async ({
    client,
    assert,
  }) => {
    const { user, key } = await agencyUser()
    const sandbox = await freshSandboxWithoutReset()
    sandbox.leads.addLead(FORM, { full_name: '=HYPERLINK("http://x")', email: 'eve@example.com' })
    await client.get('/api/v1/leads/list_leads').bearerToken(key)

    const response = await client.get('/api/leads/export.csv').loginAs(user)
    response.assertStatus(200)
    assert.match(response.header('content-type') ?? '', /^text\/csv/)
    assert.match(
      response.header('content-disposition') ?? '',
      /adrelay-leads-\d{4}-\d{2}-\d{2}\.csv/
    )
    const lines = response.text().trim().split('\n')
    assert.equal(lines[0], 'lead_id,form_id,ad_id,created_time,received_via,full_name,email')
    assert.lengthOf(lines, 4)
    assert.include(lines[1], `"'=HYPERLINK(""http://x"")"`)
    assert.include(lines[1], 'eve@example.com')
  })

  test('the CSV export is refused below Agency', async ({ client, assert }) => {
    const user = await createUser()
    await setPlan(user, 'trafficker')
    const response = await client.get('/api/leads/export.csv').loginAs(user)
    response.assertStatus(403)
    assert.equal(response.body().error.code, 'plan_upgrade_required')
  })
})
