import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { createApiKey, createUser, setPlan } from '#tests/helpers/factories'
import { anAlert, runDueJobs, useSmtpStandIn } from '#tests/helpers/alerts'
import { SmtpStandIn } from '#stand_ins/smtp_server'
import { WebhookReceiver } from '#stand_ins/webhook_receiver'
import { RaiseAlert } from '#alerts/actions/raise_alert'
import { UpdateAlertPreferences } from '#alerts/actions/alert_preferences'
import { AlertDeliverer } from '#alerts/services/alert_deliverer'
import { AlertDigests } from '#alerts/services/alert_digests'
import AlertDelivery from '#alerts/models/alert_delivery'
import { postPublicUrl } from '#shared/public_http'

async function paidUser() {
  const user = await createUser()
  await setPlan(user, 'trafficker')
  const { key } = await createApiKey(user)
  return { user, key }
}

test.group('Alert channels: email over SMTP', (group) => {
  let smtp: SmtpStandIn
  let restore: () => void
  group.each.setup(async () => {
    smtp = await new SmtpStandIn().start()
    restore = await useSmtpStandIn(smtp)
    return async () => {
      restore()
      await smtp.close()
    }
  })

  test('an alert email reaches the account address through SMTP', async ({ assert }) => {
    const { user } = await paidUser()
    await new RaiseAlert().execute(
      anAlert(user.id, { title: 'Spend above threshold on Summer Sale', url: '/alerts' })
    )
    assert.isAtLeast(await runDueJobs(), 1)

    const message = await smtp.waitForMessageTo(user.email)
    assert.deepEqual(message.to, [user.email])
    assert.equal(message.subject, 'Spend above threshold on Summer Sale')
    assert.include(message.raw, 'above your $500.00 threshold')
    const [delivery] = await AlertDelivery.query().where('user_id', user.id)
    assert.equal(delivery.status, 'sent')
    assert.equal(delivery.attempts, 1)
  })

  test('a temporary SMTP refusal is logged and the retry delivers it', async ({ assert }) => {
    const { user } = await paidUser()
    smtp.rejectNextTo(user.email, 1)
    await new RaiseAlert().execute(anAlert(user.id))
    await runDueJobs()

    const [delivery] = await AlertDelivery.query().where('user_id', user.id)
    assert.equal(delivery.status, 'queued')
    assert.equal(delivery.attempts, 1)
    assert.match(delivery.lastError ?? '', /451/)
    assert.lengthOf(smtp.messagesTo(user.email), 0)

    // The queue retries later (exponential backoff); the retry is the same attempt call.
    assert.equal(await new AlertDeliverer().attempt(delivery.id), 'sent')
    await delivery.refresh()
    assert.equal(delivery.status, 'sent')
    assert.equal(delivery.attempts, 2)
    assert.lengthOf(smtp.messagesTo(user.email), 1)
  })

  test('the daily digest sends held alerts in one email at the digest hour', async ({ assert }) => {
    const { user } = await paidUser()
    await new UpdateAlertPreferences().execute(user.id, {
      timeZone: 'Asia/Tokyo',
      digest: { enabled: true, hour: 9 },
    })
    await new RaiseAlert().execute(anAlert(user.id, { title: 'First alert' }))
    await new RaiseAlert().execute(anAlert(user.id, { title: 'Second alert' }))
    await runDueJobs()
    assert.lengthOf(smtp.messagesTo(user.email), 0)

    const digests = new AlertDigests()
    // 08:00 in Tokyo: not the digest hour
    assert.equal(await digests.sendDue(new Date('2026-11-23T23:00:00Z')), 0)
    // 09:00 in Tokyo
    assert.equal(await digests.sendDue(new Date('2026-11-24T00:00:00Z')), 1)
    // a second tick in the same hour (another worker) sends nothing more
    assert.equal(await digests.sendDue(new Date('2026-11-24T00:30:00Z')), 0)

    const message = await smtp.waitForMessageTo(user.email)
    assert.equal(message.subject, 'Your daily Adrelay digest: 2 alerts')
    assert.include(message.raw, 'First alert')
    assert.include(message.raw, 'Second alert')
    const deliveries = await AlertDelivery.query().where('user_id', user.id)
    assert.deepEqual(
      deliveries.map((delivery) => delivery.status),
      ['sent', 'sent']
    )
  })
})

test.group('Alert channels: webhooks', (group) => {
  let receiver: WebhookReceiver
  group.each.setup(async () => {
    receiver = await new WebhookReceiver().start()
    return () => receiver.close()
  })

  async function userWithWebhook(client: any, format: 'json' | 'slack') {
    const { user, key } = await paidUser()
    const created = await client
      .post('/api/v1/alerts/create_alert_webhook')
      .bearerToken(key)
      .json({ name: 'CRM', format, url: receiver.url() })
    created.assertStatus(200)
    receiver.secret = created.body().secret
    await new UpdateAlertPreferences().execute(user.id, {
      channels: { spend_threshold: ['in_app', 'webhook'] },
    })
    return { user, key, webhook: created.body() }
  }

  test('a JSON webhook receives the alert signed with HMAC-SHA256 over timestamp and body', async ({
    client,
    assert,
  }) => {
    const { user, key, webhook } = await userWithWebhook(client, 'json')
    assert.match(webhook.secret, /^whsec_/)
    assert.equal(webhook.webhook.urlDisplay, `http://127.0.0.1:${receiver.port}`)

    await new RaiseAlert().execute(anAlert(user.id, { title: 'Spend above threshold' }))
    await runDueJobs()

    assert.lengthOf(receiver.received, 1)
    const [request] = receiver.received
    assert.isTrue(request.signatureValid)
    assert.match(String(request.headers['adrelay-signature']), /^t=\d+,v1=[0-9a-f]{64}$/)
    assert.equal(request.headers['adrelay-event'], 'spend_threshold')
    assert.equal(request.json.type, 'spend_threshold')
    assert.equal(request.json.title, 'Spend above threshold')
    assert.match(request.json.id, /^ntf_\d+$/)
    assert.match(request.json.url, /^https?:\/\/.+\/alerts$/)

    const log = await client.get('/api/v1/alerts/list_alert_deliveries').bearerToken(key)
    assert.equal(log.body().deliveries[0].status, 'sent')
    assert.equal(log.body().deliveries[0].lastStatusCode, 200)
    assert.equal(log.body().deliveries[0].webhookName, 'CRM')
  })

  test("a suspended account's alerts reach no webhook; the delivery log says why", async ({
    client,
    assert,
  }) => {
    const { user } = await userWithWebhook(client, 'json')
    user.suspendedAt = DateTime.utc()
    await user.save()
    await new RaiseAlert().execute(anAlert(user.id, { title: 'Spend above threshold' }))
    await runDueJobs()
    assert.lengthOf(receiver.received, 0)
    const deliveries = await AlertDelivery.query().where('user_id', user.id)
    assert.isAbove(deliveries.length, 0)
    for (const delivery of deliveries) {
      assert.equal(delivery.status, 'failed')
      assert.match(delivery.lastError!, /suspended/)
    }
  })

  test('a receiver that does not know the secret sees a signature that does not verify', async ({
    client,
    assert,
  }) => {
    const { user } = await userWithWebhook(client, 'json')
    receiver.secret = 'whsec_someone_else'
    await new RaiseAlert().execute(anAlert(user.id))
    await runDueJobs()
    assert.isFalse(receiver.received[0].signatureValid)
    const [delivery] = await AlertDelivery.query().where('user_id', user.id)
    assert.equal(delivery.status, 'failed')
    assert.equal(delivery.lastStatusCode, 401)
  })

  test('a Slack webhook receives an incoming-webhook message with text and blocks', async ({
    client,
    assert,
  }) => {
    const { user } = await userWithWebhook(client, 'slack')
    assert.isNull(receiver.secret)
    await new RaiseAlert().execute(
      anAlert(user.id, { title: 'CPA <above> target', message: 'CPA $42 & rising' })
    )
    await runDueJobs()
    const body = receiver.received[0].json
    assert.equal(body.text, 'CPA &lt;above&gt; target: CPA $42 &amp; rising')
    assert.equal(body.blocks[0].type, 'section')
    assert.equal(body.blocks[0].text.type, 'mrkdwn')
    assert.include(body.blocks[1].elements[0].text, '|Open in Adrelay>')
  })

  test('a 503 answer is logged and retried; the retry delivers', async ({ client, assert }) => {
    const { user } = await userWithWebhook(client, 'json')
    receiver.failNext(503)
    await new RaiseAlert().execute(anAlert(user.id))
    await runDueJobs()

    const [delivery] = await AlertDelivery.query().where('user_id', user.id)
    assert.equal(delivery.status, 'queued')
    assert.equal(delivery.lastStatusCode, 503)
    assert.match(delivery.lastError ?? '', /HTTP 503/)

    assert.equal(await new AlertDeliverer().attempt(delivery.id), 'sent')
    await delivery.refresh()
    assert.equal(delivery.attempts, 2)
    assert.lengthOf(receiver.received, 2)
    assert.isTrue(receiver.received[1].signatureValid)
  })

  test('a 404 answer fails the delivery at once (not retried)', async ({ client, assert }) => {
    const { user } = await userWithWebhook(client, 'json')
    receiver.failNext(404)
    await new RaiseAlert().execute(anAlert(user.id))
    await runDueJobs()
    const [delivery] = await AlertDelivery.query().where('user_id', user.id)
    assert.equal(delivery.status, 'failed')
    assert.equal(delivery.lastStatusCode, 404)
    assert.equal(await new AlertDeliverer().attempt(delivery.id), 'skipped')
  })

  test('outside development, webhook calls to loopback and private addresses are refused', async ({
    assert,
  }) => {
    for (const url of [receiver.url(), 'http://10.0.0.8/hook', 'http://[::1]:8080/hook']) {
      await assert.rejects(
        () =>
          postPublicUrl(url, {
            body: '{}',
            maxBytes: 1024,
            timeoutMs: 2000,
            maxRedirects: 0,
          }),
        /not a public internet address/
      )
    }
    assert.lengthOf(receiver.received, 0)
  })

  test('a host name longer than DNS allows is refused with url_invalid, nothing stored', async ({
    client,
    assert,
  }) => {
    const { key } = await paidUser()
    const longLabel = `https://${'a'.repeat(64)}.example.com/hook`
    const longName = `https://${Array.from({ length: 6 }, () => 'a'.repeat(60)).join('.')}.example.com/x`
    for (const url of [longLabel, longName]) {
      const refused = await client
        .post('/api/v1/alerts/create_alert_webhook')
        .bearerToken(key)
        .json({ name: 'Too long', format: 'json', url })
      refused.assertStatus(422)
      assert.equal(refused.body().error.code, 'url_invalid')
    }
    const list = await client.get('/api/v1/alerts/list_alert_webhooks').bearerToken(key)
    assert.lengthOf(list.body().webhooks, 0)
  })

  test('past 10 webhooks the next is refused, even when several are added at once', async ({
    client,
    assert,
  }) => {
    const { key } = await paidUser()
    const add = (name: string) =>
      client
        .post('/api/v1/alerts/create_alert_webhook')
        .bearerToken(key)
        .json({ name, format: 'json', url: receiver.url() })
    for (let index = 0; index < 8; index++) (await add(`Hook ${index}`)).assertStatus(200)
    // Two places left, four adds at the same moment: two are stored, two refused.
    const answers = await Promise.all([1, 2, 3, 4].map((index) => add(`Burst ${index}`)))
    assert.sameMembers(
      answers.map((answer) => answer.status()),
      [200, 200, 409, 409]
    )
    const refused = answers.find((answer) => answer.status() === 409)!
    assert.containsSubset(refused.body().error, { code: 'webhook_limit_reached', limit: 10 })
    const list = await client.get('/api/v1/alerts/list_alert_webhooks').bearerToken(key)
    assert.lengthOf(list.body().webhooks, 10)
  })

  test('webhooks are listed without their URL path or secret, and can be deleted', async ({
    client,
    assert,
  }) => {
    const { key, webhook } = await userWithWebhook(client, 'json')
    const list = await client.get('/api/v1/alerts/list_alert_webhooks').bearerToken(key)
    assert.lengthOf(list.body().webhooks, 1)
    assert.notInclude(JSON.stringify(list.body()), '/hook')
    assert.notInclude(JSON.stringify(list.body()), 'whsec_')

    const other = await paidUser()
    const foreign = await client
      .post('/api/v1/alerts/delete_alert_webhook')
      .bearerToken(other.key)
      .json({ id: webhook.webhook.id })
    foreign.assertStatus(404)

    const deleted = await client
      .post('/api/v1/alerts/delete_alert_webhook')
      .bearerToken(key)
      .json({ id: webhook.webhook.id })
    deleted.assertStatus(200)
    const after = await client.get('/api/v1/alerts/list_alert_webhooks').bearerToken(key)
    assert.lengthOf(after.body().webhooks, 0)
  })
})
