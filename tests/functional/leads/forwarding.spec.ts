import { test } from '@japa/runner'
import { createHmac } from 'node:crypto'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { createApiKey, createUser, setPlan } from '#tests/helpers/factories'
import { connectMeta, freshSandbox } from '#tests/helpers/meta'
import { runDueJobs } from '#tests/helpers/alerts'
import { startAppProcess } from '#tests/helpers/app_process'
import { WebhookReceiver } from '#stand_ins/webhook_receiver'
import type { MetaSandbox } from '#stand_ins/meta_sandbox/meta_sandbox'
import { SANDBOX_APP_SECRET } from '#config/meta'
import { MetaEndpoints } from '#meta/services/meta_endpoints'
import { LeadForwarder } from '#leads/services/lead_forwarder'
import LeadDelivery from '#leads/models/lead_delivery'
import { pruneExpiredLeads } from '#leads/services/lead_retention'
import { postWebhook, WebhookCallError } from '#shared/signed_webhooks'
import app from '@adonisjs/core/services/app'
import { callTool, connectMcp } from '#tests/functional/automation/mcp_client'

const FORM = '500000000000001'
const OTHER_FORM = '500000000000002'

async function sandbox(): Promise<MetaSandbox> {
  const endpoints = await app.container.make(MetaEndpoints)
  await endpoints.resolve()
  return endpoints.sandbox as MetaSandbox
}

async function agencyUser() {
  const user = await createUser()
  await setPlan(user, 'agency')
  await connectMeta(user)
  const { key } = await createApiKey(user)
  return { user, key }
}

test.group('Lead forwarding', (group) => {
  let receiver: WebhookReceiver
  group.each.setup(async () => {
    await freshSandbox()
    receiver = await new WebhookReceiver().start()
    return async () => {
      // Earlier tests' destinations point at closed receivers: keep them out of later runs.
      await db.from('lead_forwardings').delete()
      await receiver.close()
    }
  })

  /** An Agency user whose forms are known, with a forwarding to the receiver. */
  async function userForwardingTo(client: any, formIds?: string[]) {
    const { user, key } = await agencyUser()
    // The seeded leads are stored before the destination exists: they are not forwarded.
    ;(await client.get('/api/v1/leads/list_leads').bearerToken(key)).assertStatus(200)
    const created = await client
      .post('/api/v1/leads/create_lead_forwarding')
      .bearerToken(key)
      .json({ name: 'n8n', url: receiver.url('/leads'), ...(formIds ? { formIds } : {}) })
    created.assertStatus(200)
    receiver.secret = created.body().secret
    return { user, key, created: created.body() }
  }

  test('a new lead is POSTed with its answers, signed with HMAC-SHA256 over t and body', async ({
    client,
    assert,
  }) => {
    const { key, created } = await userForwardingTo(client)
    assert.match(created.secret, /^whsec_/)
    assert.equal(created.forwarding.urlDisplay, `http://127.0.0.1:${receiver.port}`)
    assert.isNull(created.forwarding.formIds)

    const leadId = (await sandbox()).leads.addLead(FORM, {
      full_name: 'Ana Costa',
      email: 'ana@example.com',
    })
    await client.get('/api/v1/leads/list_leads').bearerToken(key)
    assert.isAtLeast(await runDueJobs(), 1)

    assert.lengthOf(receiver.received, 1)
    const [request] = receiver.received
    assert.equal(request.path, '/leads')
    assert.isTrue(request.signatureValid)
    assert.match(String(request.headers['adrelay-signature']), /^t=\d+,v1=[0-9a-f]{64}$/)
    assert.equal(request.headers['adrelay-event'], 'lead.received')
    assert.deepEqual(request.json, {
      type: 'lead.received',
      id: leadId,
      form: { id: FORM, name: 'Spring catalogue request' },
      page: { id: '300000000000001', name: 'Rivera Outdoor' },
      adId: '120230000000001',
      adSetId: '120220000000001',
      campaignId: '120210000000001',
      createdTime: request.json.createdTime,
      fieldData: [
        { name: 'full_name', values: ['Ana Costa'] },
        { name: 'email', values: ['ana@example.com'] },
      ],
      receivedVia: 'poll',
    })
    assert.isTrue(Number.isFinite(Date.parse(request.json.createdTime)))

    const log = await client.get('/api/v1/leads/list_lead_deliveries').bearerToken(key)
    log.assertStatus(200)
    assert.lengthOf(log.body().deliveries, 1)
    assert.containsSubset(log.body().deliveries[0], {
      leadId,
      formId: FORM,
      forwardingName: 'n8n',
      status: 'sent',
      attempts: 1,
      lastStatusCode: 200,
      lastError: null,
    })
    // The log holds no answers, in its answer or in its table.
    assert.notInclude(JSON.stringify(log.body()), 'ana@example.com')
    const rows = await db.from('lead_deliveries').where('lead_id', '>', 0)
    assert.notInclude(JSON.stringify(rows), 'ana@example.com')
  })

  test('a lead from Meta’s leadgen webhook is forwarded too, once', async ({ client, assert }) => {
    const { user } = await userForwardingTo(client)
    const leadId = (await sandbox()).leads.addLead(FORM, { full_name: 'Webhook Person' })
    const body = JSON.stringify({
      object: 'page',
      entry: [
        {
          id: '300000000000001',
          time: Math.floor(Date.now() / 1000),
          changes: [{ field: 'leadgen', value: { leadgen_id: leadId, form_id: FORM } }],
        },
      ],
    })
    const signature = `sha256=${createHmac('sha256', SANDBOX_APP_SECRET).update(body).digest('hex')}`
    for (let round = 0; round < 2; round += 1) {
      const response = await client
        .post('/webhooks/meta/leadgen')
        .header('x-hub-signature-256', signature)
        .json(JSON.parse(body))
      response.assertStatus(200)
    }
    await runDueJobs()
    assert.lengthOf(receiver.received, 1)
    assert.equal(receiver.received[0].json.id, leadId)
    assert.equal(receiver.received[0].json.receivedVia, 'webhook')
    assert.isTrue(receiver.received[0].signatureValid)
    assert.lengthOf(await LeadDelivery.query().where('user_id', user.id), 1)
  })

  test("a suspended account's leads are not forwarded; the log says why", async ({
    client,
    assert,
  }) => {
    const { user, key } = await userForwardingTo(client)
    ;(await sandbox()).leads.addLead(FORM, { full_name: 'Ana Costa', email: 'ana@example.com' })
    await client.get('/api/v1/leads/list_leads').bearerToken(key)
    user.suspendedAt = DateTime.utc()
    await user.save()
    await runDueJobs()
    assert.lengthOf(receiver.received, 0)
    const [delivery] = await LeadDelivery.query().where('user_id', user.id)
    assert.equal(delivery.status, 'failed')
    assert.match(delivery.lastError!, /suspended/)
  })

  test('a destination for chosen forms receives only their leads', async ({ client, assert }) => {
    const { key, created } = await userForwardingTo(client, [OTHER_FORM])
    assert.deepEqual(created.forwarding.formIds, [OTHER_FORM])
    const leads = (await sandbox()).leads
    leads.addLead(FORM, { full_name: 'Not Forwarded' })
    const wanted = leads.addLead(OTHER_FORM, { full_name: 'Forwarded' })
    await client.get('/api/v1/leads/list_leads').bearerToken(key)
    await runDueJobs()
    assert.deepEqual(
      receiver.received.map((request) => request.json.id),
      [wanted]
    )
  })

  test('a form that is not the account’s is refused', async ({ client, assert }) => {
    const { key } = await agencyUser()
    await client.get('/api/v1/leads/list_lead_forms').bearerToken(key)
    const response = await client
      .post('/api/v1/leads/create_lead_forwarding')
      .bearerToken(key)
      .json({ name: 'CRM', url: receiver.url(), formIds: ['999999999999999'] })
    response.assertStatus(404)
    assert.equal(response.body().error.code, 'lead_form_not_found')
    const bad = await client
      .post('/api/v1/leads/create_lead_forwarding')
      .bearerToken(key)
      .json({ name: 'CRM', url: 'not a url' })
    bad.assertStatus(422)
    assert.equal(bad.body().error.code, 'url_invalid')
    const list = await client.get('/api/v1/leads/list_lead_forwardings').bearerToken(key)
    assert.lengthOf(list.body().forwardings, 0)
  })

  test('a 503 answer is logged and retried with backoff; the retry delivers', async ({
    client,
    assert,
  }) => {
    const { user, key } = await userForwardingTo(client)
    receiver.failNext(503)
    ;(await sandbox()).leads.addLead(FORM, { full_name: 'Retry Me' })
    await client.get('/api/v1/leads/list_leads').bearerToken(key)
    await runDueJobs()

    const [delivery] = await LeadDelivery.query().where('user_id', user.id)
    assert.equal(delivery.status, 'queued')
    assert.equal(delivery.attempts, 1)
    assert.equal(delivery.lastStatusCode, 503)
    assert.match(delivery.lastError ?? '', /HTTP 503/)
    // The queue holds the retry, not yet due (backoff starts at 30 s).
    assert.equal(await runDueJobs(), 0)

    assert.equal(await new LeadForwarder().attempt(delivery.id), 'sent')
    await delivery.refresh()
    assert.equal(delivery.status, 'sent')
    assert.equal(delivery.attempts, 2)
    assert.lengthOf(receiver.received, 2)
    assert.isTrue(receiver.received[1].signatureValid)
    assert.equal(receiver.received[0].json.id, receiver.received[1].json.id)
  })

  test('a 410 answer fails the delivery at once; a deleted destination receives nothing', async ({
    client,
    assert,
  }) => {
    const { user, key, created } = await userForwardingTo(client)
    receiver.failNext(410)
    const leads = (await sandbox()).leads
    leads.addLead(FORM, { full_name: 'Gone' })
    await client.get('/api/v1/leads/list_leads').bearerToken(key)
    await runDueJobs()
    const [delivery] = await LeadDelivery.query().where('user_id', user.id)
    assert.equal(delivery.status, 'failed')
    assert.equal(delivery.lastStatusCode, 410)
    assert.equal(await new LeadForwarder().attempt(delivery.id), 'skipped')

    const deleted = await client
      .post('/api/v1/leads/delete_lead_forwarding')
      .bearerToken(key)
      .json({ id: created.forwarding.id })
    deleted.assertStatus(200)
    leads.addLead(FORM, { full_name: 'After delete' })
    await client.get('/api/v1/leads/list_leads').bearerToken(key)
    await runDueJobs()
    assert.lengthOf(receiver.received, 1)
    const log = await client.get('/api/v1/leads/list_lead_deliveries').bearerToken(key)
    assert.lengthOf(log.body().deliveries, 1)
    assert.isNull(log.body().deliveries[0].forwardingName)
  })

  test('outside development, a delivery to a loopback or private address is refused, not retried', async ({
    assert,
  }) => {
    for (const url of [receiver.url(), 'http://10.0.0.8/hook', 'http://[::1]:8080/hook']) {
      const error = await postWebhook(url, {
        body: '{}',
        headers: {},
        timeoutMs: 2000,
        allowPrivateAddresses: false,
      }).catch((failure) => failure)
      assert.instanceOf(error, WebhookCallError)
      assert.isFalse(error.retryable)
      assert.match(error.message, /not a public internet address/)
    }
    assert.lengthOf(receiver.received, 0)
  })

  test('deliveries go with their lead when the retention period deletes it', async ({
    client,
    assert,
  }) => {
    const { user, key } = await userForwardingTo(client)
    ;(await sandbox()).leads.addLead(FORM, { full_name: 'Short Lived' })
    await client.get('/api/v1/leads/list_leads').bearerToken(key)
    await runDueJobs()
    assert.lengthOf(await LeadDelivery.query().where('user_id', user.id), 1)
    await pruneExpiredLeads(new Date(Date.now() + 91 * 86_400_000))
    assert.lengthOf(await LeadDelivery.query().where('user_id', user.id), 0)
  })
})

test.group('Lead reads at once', (group) => {
  group.each.setup(async () => {
    await freshSandbox()
  })

  test('forms and leads asked for together (as the Leads page does) both answer', async ({
    client,
    assert,
  }) => {
    for (let round = 0; round < 3; round += 1) {
      const { key } = await agencyUser()
      const answers = await Promise.all([
        client.get('/api/v1/leads/list_lead_forms').bearerToken(key),
        client.get('/api/v1/leads/list_leads').bearerToken(key),
        client.get('/api/v1/leads/list_lead_forms').bearerToken(key),
      ])
      assert.deepEqual(
        answers.map((answer) => answer.status()),
        [200, 200, 200]
      )
    }
  })
})

test.group('Lead forwarding: plan gates', () => {
  test('Trafficker gets plan_upgrade_required on REST and MCP', async ({ client, assert }) => {
    const user = await createUser()
    await setPlan(user, 'trafficker')
    const { key } = await createApiKey(user)
    const rest = await client
      .post('/api/v1/leads/create_lead_forwarding')
      .bearerToken(key)
      .json({ name: 'CRM', url: 'https://crm.example.test/hook' })
    rest.assertStatus(403)
    assert.equal(rest.body().error.code, 'plan_upgrade_required')
    assert.equal(rest.body().error.requiredPlan, 'agency')

    const mcp = await connectMcp(key)
    const result = await callTool(mcp, 'list_lead_deliveries')
    await mcp.close()
    assert.isTrue(result.isError)
    assert.include(JSON.stringify(result.content), 'plan_upgrade_required')
    assert.equal(
      (await db.from('lead_forwardings').where('user_id', user.id).count('* as total'))[0].total,
      0
    )
  })
})

test.group('Lead forwarding in production', () => {
  test('loopback, private and plain-http destinations are refused when added', async ({
    assert,
  }) => {
    const user = await createUser()
    await setPlan(user, 'agency')
    const { key } = await createApiKey(user)
    const server = await startAppProcess({
      NODE_ENV: 'production',
      APP_KEY: 'production-test-key-0123456789abcdef',
      APP_URL: 'http://127.0.0.1',
      GOOGLE_CLIENT_ID: 'client',
      GOOGLE_CLIENT_SECRET: 'secret',
      META_TOKEN_ENCRYPTION_KEY: 'production-test-meta-key-0123456789abcdef',
      LOG_LEVEL: 'silent',
    })
    try {
      for (const url of [
        'https://127.0.0.1:9/hook',
        'https://localhost/hook',
        'https://10.0.0.8/hook',
        'https://[::1]/hook',
        'http://crm.example.com/hook',
      ]) {
        const response = await fetch(`${server.url}/api/v1/leads/create_lead_forwarding`, {
          method: 'POST',
          headers: { 'authorization': `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'CRM', url }),
        })
        assert.equal(response.status, 422, url)
        assert.equal(((await response.json()) as any).error.code, 'url_not_allowed', url)
      }
    } finally {
      await server.stop()
    }
    const [row] = await db.from('lead_forwardings').where('user_id', user.id).count('* as total')
    assert.equal(Number(row.total), 0)
  })
})
