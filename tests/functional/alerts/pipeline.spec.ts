import { test } from '@japa/runner'
import emitter from '@adonisjs/core/services/emitter'
import { createApiKey, createUser, setPlan } from '#tests/helpers/factories'
import { anAlert } from '#tests/helpers/alerts'
import { RaiseAlert } from '#alerts/actions/raise_alert'
import { UpdateAlertPreferences } from '#alerts/actions/alert_preferences'
import AlertSettings from '#alerts/models/alert_settings'
import Notification from '#alerts/models/notification'
import AlertDelivery from '#alerts/models/alert_delivery'

async function paidUser(plan: 'trafficker' | 'agency' = 'trafficker') {
  const user = await createUser()
  await setPlan(user, plan)
  const { key } = await createApiKey(user)
  return { user, key }
}

test.group('Alerts pipeline', () => {
  test('an alert:raised event becomes an unread notification listed by list_notifications', async ({
    client,
    assert,
  }) => {
    const { user, key } = await paidUser()
    await emitter.emit('alert:raised', anAlert(user.id, { title: 'Stop-loss paused 2 ad sets' }))

    const response = await client.get('/api/v1/alerts/list_notifications').bearerToken(key)
    response.assertStatus(200)
    assert.equal(response.body().unreadCount, 1)
    assert.lengthOf(response.body().notifications, 1)
    assert.equal(response.body().notifications[0].title, 'Stop-loss paused 2 ad sets')
    assert.equal(response.body().notifications[0].type, 'spend_threshold')
    assert.isNull(response.body().notifications[0].readAt)
  })

  test('Free accounts get no alerts and list_notifications answers plan_upgrade_required', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const { key } = await createApiKey(user)
    const outcome = await new RaiseAlert().execute(anAlert(user.id))
    assert.deepEqual(outcome, { status: 'not_entitled' })
    assert.equal((await Notification.query().where('user_id', user.id)).length, 0)

    const response = await client.get('/api/v1/alerts/list_notifications').bearerToken(key)
    response.assertStatus(403)
    assert.equal(response.body().error.code, 'plan_upgrade_required')
    assert.equal(response.body().error.requiredPlan, 'trafficker')
  })

  test('lead alerts reach Agency accounts only', async ({ assert }) => {
    const { user: trafficker } = await paidUser('trafficker')
    const { user: agency } = await paidUser('agency')
    const lead = (userId: number) =>
      anAlert(userId, { type: 'lead_received', dedupeKey: `lead_received:${userId}:1` })
    assert.equal((await new RaiseAlert().execute(lead(trafficker.id))).status, 'not_entitled')
    assert.equal((await new RaiseAlert().execute(lead(agency.id))).status, 'delivered')
  })

  test('the same alert for the same object is delivered once per cooldown', async ({ assert }) => {
    const { user } = await paidUser()
    const alert = anAlert(user.id, { dedupeKey: 'spend_threshold:act_42:2026-11-23' })
    const now = new Date('2026-11-23T10:00:00Z')
    const raise = new RaiseAlert()

    assert.equal((await raise.execute(alert, now)).status, 'delivered')
    const again = new Date('2026-11-23T20:00:00Z')
    assert.deepEqual(await raise.execute(alert, again), { status: 'duplicate' })
    // spend_threshold's cooldown is 24 hours
    const nextDay = new Date('2026-11-24T10:00:01Z')
    assert.equal((await raise.execute(alert, nextDay)).status, 'delivered')
    assert.lengthOf(await Notification.query().where('user_id', user.id), 2)
  })

  test('two producers raising the same alert at once deliver it once', async ({ assert }) => {
    const { user } = await paidUser()
    const alert = anAlert(user.id, { dedupeKey: 'quota_80:2026-11' })
    const outcomes = await Promise.all([
      new RaiseAlert().execute({ ...alert, type: 'quota_80' }),
      new RaiseAlert().execute({ ...alert, type: 'quota_80' }),
    ])
    assert.sameMembers(
      outcomes.map((outcome) => outcome.status),
      ['delivered', 'duplicate']
    )
  })

  test('first saves of preferences at once all succeed, into one row', async ({ assert }) => {
    const user = await createUser()
    const saves = await Promise.allSettled(
      (['UTC', 'Europe/Paris', 'Asia/Tokyo', 'America/New_York'] as const).map((timeZone) =>
        new UpdateAlertPreferences().execute(user.id, { timeZone })
      )
    )
    assert.deepEqual(
      saves.map((save) => save.status),
      ['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']
    )
    assert.lengthOf(await AlertSettings.query().where('user_id', user.id), 1)
  })

  test('a type with no channels is muted: nothing stored', async ({ assert }) => {
    const { user } = await paidUser()
    await new UpdateAlertPreferences().execute(user.id, { channels: { spend_threshold: [] } })
    assert.deepEqual(await new RaiseAlert().execute(anAlert(user.id)), { status: 'muted' })
    assert.lengthOf(await Notification.query().where('user_id', user.id), 0)
  })

  test('during quiet hours the email waits until they end, in the user time zone', async ({
    assert,
  }) => {
    const { user } = await paidUser()
    await new UpdateAlertPreferences().execute(user.id, {
      timeZone: 'Europe/Paris',
      quietHours: { start: '22:00', end: '07:00' },
    })
    // 23:30 in Paris (UTC+1 in November)
    const outcome = await new RaiseAlert().execute(
      anAlert(user.id),
      new Date('2026-11-23T22:30:00Z')
    )
    assert.equal(outcome.status, 'delivered')
    const [delivery] = await AlertDelivery.query().where('user_id', user.id)
    assert.equal(delivery.channel, 'email')
    assert.equal(delivery.status, 'queued')
    assert.equal(delivery.deliverAfter.toUTC().toISO(), '2026-11-24T06:00:00.000Z')
  })

  test('with the daily digest on, alert emails are held for the digest', async ({ assert }) => {
    const { user } = await paidUser()
    await new UpdateAlertPreferences().execute(user.id, { digest: { enabled: true, hour: 8 } })
    await new RaiseAlert().execute(anAlert(user.id))
    const [delivery] = await AlertDelivery.query().where('user_id', user.id)
    assert.equal(delivery.status, 'digest')
  })

  test('mark_notifications_read marks the given ids, or all, and never touches another account', async ({
    client,
    assert,
  }) => {
    const { user, key } = await paidUser()
    const { user: other } = await paidUser()
    const first = await new RaiseAlert().execute(anAlert(user.id))
    await new RaiseAlert().execute(anAlert(user.id))
    const foreign = await new RaiseAlert().execute(anAlert(other.id))
    assert.equal(first.status, 'delivered')
    assert.equal(foreign.status, 'delivered')
    const firstId = first.status === 'delivered' ? first.notificationId : 0
    const foreignId = foreign.status === 'delivered' ? foreign.notificationId : 0

    const some = await client
      .post('/api/v1/alerts/mark_notifications_read')
      .bearerToken(key)
      .json({ ids: [firstId, foreignId] })
    some.assertStatus(200)
    assert.deepEqual(some.body(), { updated: 1, unreadCount: 1 })
    assert.isNull((await Notification.findOrFail(foreignId)).readAt)

    const all = await client
      .post('/api/v1/alerts/mark_notifications_read')
      .bearerToken(key)
      .json({ all: true })
    assert.deepEqual(all.body(), { updated: 1, unreadCount: 0 })

    const neither = await client
      .post('/api/v1/alerts/mark_notifications_read')
      .bearerToken(key)
      .json({})
    neither.assertStatus(422)
    assert.equal(neither.body().error.code, 'validation_failed')
  })

  test('preferences: defaults, a partial update, and clear errors for bad values', async ({
    client,
    assert,
  }) => {
    const { key } = await paidUser()
    const defaults = await client.get('/api/v1/alerts/get_alert_preferences').bearerToken(key)
    defaults.assertStatus(200)
    assert.deepEqual(defaults.body().channels.rule_fired, ['in_app', 'email'])
    assert.deepEqual(defaults.body().channels.lead_received, ['in_app'])
    assert.isNull(defaults.body().quietHours)

    const updated = await client
      .post('/api/v1/alerts/update_alert_preferences')
      .bearerToken(key)
      .json({
        channels: { quota_80: ['in_app'] },
        quietHours: { start: '21:30', end: '06:00' },
        timeZone: 'America/New_York',
      })
    updated.assertStatus(200)
    assert.deepEqual(updated.body().channels.quota_80, ['in_app'])
    assert.deepEqual(updated.body().channels.rule_fired, ['in_app', 'email'])
    assert.deepEqual(updated.body().quietHours, { start: '21:30', end: '06:00' })
    assert.equal(updated.body().timeZone, 'America/New_York')

    const badZone = await client
      .post('/api/v1/alerts/update_alert_preferences')
      .bearerToken(key)
      .json({ timeZone: 'Mars/Olympus' })
    badZone.assertStatus(422)
    assert.equal(badZone.body().error.field, 'timeZone')

    const badTime = await client
      .post('/api/v1/alerts/update_alert_preferences')
      .bearerToken(key)
      .json({ quietHours: { start: '25:00', end: '06:00' } })
    badTime.assertStatus(422)
    assert.equal(badTime.body().error.field, 'quietHours.start')

    // A channel list names each channel once (it is stored as sent).
    for (const list of [['in_app', 'in_app'], Array.from({ length: 60_000 }, () => 'in_app')]) {
      const repeated = await client
        .post('/api/v1/alerts/update_alert_preferences')
        .bearerToken(key)
        .json({ channels: { quota_80: list } })
      repeated.assertStatus(422)
      assert.equal(repeated.body().error.field, 'channels.quota_80')
    }
  })
})
