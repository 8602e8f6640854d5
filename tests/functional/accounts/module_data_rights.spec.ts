import { randomBytes } from 'node:crypto'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import encryption from '@adonisjs/core/services/encryption'
import { DateTime } from 'luxon'
import User from '#accounts/models/user'
import Rule from '#rules/models/rule'
import RuleRun from '#rules/models/rule_run'
import RuleRunItem from '#rules/models/rule_run_item'
import Notification from '#alerts/models/notification'
import AlertSettings from '#alerts/models/alert_settings'
import AlertWebhook from '#alerts/models/alert_webhook'
import AlertDelivery from '#alerts/models/alert_delivery'
import Lead from '#leads/models/lead'
import LeadForm from '#leads/models/lead_form'
import LeadForwarding from '#leads/models/lead_forwarding'
import LeadDelivery from '#leads/models/lead_delivery'
import EmbedSession from '#embeds/models/embed_session'
import { createUser } from '#tests/helpers/factories'
import { useRolledBackTransaction } from '#tests/helpers/rolled_back_transaction'

const WEBHOOK_SECRET = 'whsec_do-not-export-me'
const FORWARDING_URL = 'https://crm.example.test/hooks/secret-forwarding-path'
const WEBHOOK_URL = 'https://hooks.example.test/services/T000/B000/very-secret-path'

/** Tables of the rules, alerts, leads and embeds modules with a `user_id` column. */
const MODULE_TABLES = [
  'rules',
  'rule_runs',
  'rule_run_items',
  'notifications',
  'alert_settings',
  'alert_webhooks',
  'alert_deliveries',
  'alert_dedupe',
  'lead_forms',
  'leads',
  'lead_forwardings',
  'lead_deliveries',
  'embed_sessions',
]

async function rowsLeft(userId: number) {
  const left: Record<string, number> = {}
  for (const table of MODULE_TABLES) {
    const [row] = await db.from(table).where('user_id', userId).count('* as total')
    left[table] = Number(row.total)
  }
  return left
}

/** A user with a rule (a run, an approval), alerts, a webhook, a lead and an embed session. */
async function userWithModuleData() {
  const user = await createUser({ firstName: 'Mod' })
  const rule = await Rule.create({
    userId: user.id,
    name: 'Stop-loss',
    enabled: false,
    mode: 'approval',
    definition: { schedule: { type: 'every', minutes: 15 } } as any,
    template: 'stop_loss',
  })
  const run = await RuleRun.create({
    ruleId: rule.id,
    userId: user.id,
    trigger: 'manual',
    tick: `manual-${user.id}`,
    status: 'completed',
    mode: 'approval',
    evaluatedCount: 1,
    matchedCount: 1,
    actedCount: 0,
    startedAt: DateTime.utc(),
    finishedAt: DateTime.utc(),
  })
  const item = await RuleRunItem.create({
    runId: run.id,
    ruleId: rule.id,
    userId: user.id,
    adAccountId: 'act_123',
    objectType: 'ad_set',
    objectId: '120000000001',
    objectName: 'Visitors',
    metrics: { spend: 12.5 },
    action: 'pause',
    field: 'status',
    beforeValue: 'ACTIVE',
    plannedValue: 'PAUSED',
    executedValue: null,
    clamped: false,
    status: 'pending_approval',
  })
  const notification = await Notification.create({
    userId: user.id,
    type: 'rule_fired',
    dedupeKey: `rule:${rule.id}`,
    title: 'Stop-loss fired',
    message: 'One ad set is waiting for approval',
    url: `/rules/${rule.id}`,
    data: { ruleId: rule.id },
    inApp: true,
    occurredAt: DateTime.utc(),
  })
  await AlertSettings.create({
    userId: user.id,
    channels: { rule_fired: ['in_app', 'webhook'] },
    timeZone: 'Europe/Paris',
    quietStartMinute: null,
    quietEndMinute: null,
    digestEnabled: false,
    digestHour: 8,
    spendThresholdMinor: null,
  })
  const webhook = await AlertWebhook.create({
    userId: user.id,
    name: 'Slack #ads',
    format: 'json',
    urlEncrypted: encryption.encrypt(WEBHOOK_URL),
    urlDisplay: 'https://hooks.example.test',
    secretEncrypted: encryption.encrypt(WEBHOOK_SECRET),
  })
  await AlertDelivery.create({
    notificationId: notification.id,
    userId: user.id,
    channel: 'webhook',
    webhookId: webhook.id,
    status: 'sent',
    attempts: 1,
    lastStatusCode: 200,
    lastError: null,
    deliverAfter: DateTime.utc(),
    sentAt: DateTime.utc(),
  })
  await db.table('alert_dedupe').insert({
    user_id: user.id,
    dedupe_key: `rule:${rule.id}`,
    last_raised_at: new Date(),
  })
  await LeadForm.create({
    userId: user.id,
    metaFormId: `form${user.id}`,
    metaPageId: 'page1',
    name: 'Quote request',
    lastLeadTime: 0,
    polledAt: null,
  })
  const fieldData = [{ name: 'email', values: ['prospect@example.test'] }]
  const lead = await Lead.create({
    userId: user.id,
    metaLeadId: `lead${user.id}`,
    metaFormId: `form${user.id}`,
    metaAdId: null,
    createdTime: DateTime.utc().startOf('second'),
    fieldDataEncrypted: encryption.encrypt(JSON.stringify(fieldData)),
    receivedVia: 'poll',
  })
  const forwarding = await LeadForwarding.create({
    userId: user.id,
    name: 'CRM',
    urlEncrypted: encryption.encrypt(FORWARDING_URL),
    urlDisplay: 'https://crm.example.test',
    secretEncrypted: encryption.encrypt(WEBHOOK_SECRET),
    formIds: [`form${user.id}`],
  })
  await LeadDelivery.create({
    userId: user.id,
    leadId: lead.id,
    forwardingId: forwarding.id,
    status: 'sent',
    attempts: 1,
    lastStatusCode: 200,
    lastError: null,
    sentAt: DateTime.utc(),
  })
  const embed = await EmbedSession.create({
    publicId: `es_${randomBytes(8).toString('hex')}`,
    userId: user.id,
    keyId: null,
    components: ['quota', 'usage'],
    adAccountIds: ['act_123'],
    allowedOrigins: ['https://client.example.test'],
    hidePoweredBy: false,
    secretHash: randomBytes(32).toString('hex'),
    expiresAt: DateTime.utc().plus({ hours: 1 }),
    revokedAt: null,
  })
  return { user, rule, run, item, notification, webhook, lead, fieldData, embed, forwarding }
}

test.group('Data rights: rules, alerts, leads and embeds', (group) => {
  useRolledBackTransaction(group)
  test('the export holds each module’s data and never a secret', async ({ client, assert }) => {
    const { user, rule, run, item, notification, webhook, lead, fieldData, embed, forwarding } =
      await userWithModuleData()
    const other = await userWithModuleData()

    const response = await client.get('/api/account/export').loginAs(user)
    response.assertStatus(200)
    const text = response.text()
    const data = JSON.parse(text).data

    assert.lengthOf(data.rules, 1)
    assert.containsSubset(data.rules[0], {
      id: rule.id,
      name: 'Stop-loss',
      mode: 'approval',
      template: 'stop_loss',
    })
    assert.deepEqual(
      data.ruleRuns.map((row: any) => [row.id, row.ruleId, row.status]),
      [[run.id, rule.id, 'completed']]
    )
    assert.deepEqual(
      data.ruleRunItems.map((row: any) => [row.id, row.status, row.plannedValue]),
      [[item.id, 'pending_approval', 'PAUSED']]
    )

    assert.deepEqual(
      data.notifications.map((row: any) => [row.id, row.title, row.type]),
      [[notification.id, 'Stop-loss fired', 'rule_fired']]
    )
    assert.containsSubset(data.alertPreferences, { timeZone: 'Europe/Paris', digestHour: 8 })
    assert.deepEqual(data.alertWebhooks, [
      {
        id: webhook.id,
        name: 'Slack #ads',
        format: 'json',
        url: 'https://hooks.example.test',
        hasSecret: true,
        createdAt: data.alertWebhooks[0].createdAt,
      },
    ])
    assert.containsSubset(data.alertDeliveries, [
      { channel: 'webhook', webhookId: webhook.id, status: 'sent' },
    ])

    assert.containsSubset(data.leadForms, [{ formId: lead.metaFormId, name: 'Quote request' }])
    assert.deepEqual(
      data.leads.map((row: any) => [row.id, row.formId, row.createdTime, row.fieldData]),
      [[lead.metaLeadId, lead.metaFormId, lead.createdTime.toUTC().toISO(), fieldData]]
    )
    assert.containsSubset(data.leadForwardings, [
      { name: 'CRM', destination: 'https://crm.example.test', formIds: [lead.metaFormId] },
    ])
    assert.containsSubset(data.leadDeliveries, [
      { forwardingId: forwarding.id, status: 'sent', lastStatusCode: 200 },
    ])

    assert.deepEqual(data.embedSessions, [
      {
        id: embed.publicId,
        components: ['quota', 'usage'],
        keyId: null,
        adAccountIds: ['act_123'],
        allowedOrigins: ['https://client.example.test'],
        hidePoweredBy: false,
        createdAt: data.embedSessions[0].createdAt,
        expiresAt: data.embedSessions[0].expiresAt,
        revokedAt: null,
      },
    ])

    // No secret, no ciphertext, nothing of the other user.
    for (const secret of [
      WEBHOOK_SECRET,
      'very-secret-path',
      webhook.secretEncrypted!,
      webhook.urlEncrypted,
      'secret-forwarding-path',
      forwarding.secretEncrypted,
      forwarding.urlEncrypted,
      lead.fieldDataEncrypted,
      embed.secretHash,
      other.lead.metaLeadId,
      other.embed.publicId,
    ]) {
      assert.notInclude(text, secret)
    }
  })

  test('deleting the account removes every row of these modules, and only the user’s', async ({
    client,
    assert,
  }) => {
    const { user } = await userWithModuleData()
    const other = await userWithModuleData()

    const response = await client
      .delete('/api/account')
      .json({ email: user.email })
      .withCsrfToken()
      .loginAs(user)
    response.assertStatus(200)
    assert.containsSubset(response.body(), { status: 'completed' })
    assert.includeMembers(response.body().completedSteps, ['rules', 'alerts', 'leads', 'embeds'])

    assert.isNull(await User.find(user.id))
    assert.deepEqual(
      Object.values(await rowsLeft(user.id)),
      MODULE_TABLES.map(() => 0)
    )
    assert.notInclude(Object.values(await rowsLeft(other.user.id)), 0)
  })
})
