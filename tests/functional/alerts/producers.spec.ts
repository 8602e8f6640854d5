import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import app from '@adonisjs/core/services/app'
import emitter from '@adonisjs/core/services/emitter'
import { createApiKey, createUser, setPlan } from '#tests/helpers/factories'
import { setUsage } from '#tests/helpers/usage'
import { connectMeta, freshSandbox } from '#tests/helpers/meta'
import { UpdateAlertPreferences } from '#alerts/actions/alert_preferences'
import { checkSpendThresholds } from '#alerts/services/spend_threshold_check'
import type { RaisedAlert } from '#alerts/events'
import Notification from '#alerts/models/notification'
import MetaConnection from '#meta/models/meta_connection'
import { MetaConnections } from '#meta/services/meta_connections'
import { raiseTokenExpiryAlerts } from '#meta/services/token_expiry_alerts'
import { QuotaAlerts } from '#usage/services/quota_alerts'

/** Collects every alert:raised of `userId` until the returned stop() is called. */
function recordAlerts(userId: number) {
  const seen: RaisedAlert[] = []
  let wake: (() => void) | null = null
  const listener = (alert: RaisedAlert) => {
    if (alert.userId !== userId) return
    seen.push(alert)
    wake?.()
  }
  emitter.on('alert:raised', listener)
  return {
    seen,
    /** Resolves once `count` alerts were raised. */
    async waitFor(count: number) {
      while (seen.length < count) await new Promise<void>((resolve) => (wake = resolve))
      return seen
    },
    stop: () => emitter.off('alert:raised', listener),
  }
}

test.group('Alert producers', () => {
  test('the request that takes the monthly quota to 80 % raises quota_80, to 100 % quota_100', async ({
    client,
    assert,
    cleanup,
  }) => {
    const user = await createUser()
    await setPlan(user, 'trafficker')
    const { key } = await createApiKey(user)
    const alerts = recordAlerts(user.id)
    cleanup(alerts.stop)

    await setUsage(user.id, 79_998)
    await client.get('/api/v1/usage/get_usage').bearerToken(key)
    assert.lengthOf(alerts.seen, 0)
    await client.get('/api/v1/usage/get_usage').bearerToken(key)
    const [warning] = await alerts.waitFor(1)
    assert.equal(warning.type, 'quota_80')
    assert.match(warning.dedupeKey, /^quota_80:\d{4}-\d{2}$/)
    assert.include(warning.message, '80,000 of 100,000')

    await setUsage(user.id, 99_999)
    const last = await client.get('/api/v1/usage/get_usage').bearerToken(key)
    last.assertStatus(200)
    const [, full] = await alerts.waitFor(2)
    assert.equal(full.type, 'quota_100')
    assert.equal(full.url, '/subscription')
  })

  test('each quota level is raised once per user and month by a process', async ({ assert }) => {
    const quotaAlerts = new QuotaAlerts()
    const state = (used: number, period = '2026-11') => ({
      limit: 1000,
      used,
      remaining: 1000 - used,
      period,
      resetsAt: new Date('2026-12-01T00:00:00Z'),
    })
    const user = await createUser()
    assert.isUndefined(quotaAlerts.observe(user.id, state(799)))
    assert.exists(quotaAlerts.observe(user.id, state(800)))
    assert.isUndefined(quotaAlerts.observe(user.id, state(801)))
    assert.exists(quotaAlerts.observe(user.id, state(1000)))
    assert.isUndefined(quotaAlerts.observe(user.id, state(1000)))
    // a new month starts over
    assert.exists(quotaAlerts.observe(user.id, state(850, '2026-12')))
  })

  test('Meta refusing the token raises meta_token_invalid, delivered to the notification centre', async ({
    assert,
  }) => {
    const user = await createUser()
    await setPlan(user, 'trafficker')
    await connectMeta(user)
    const connection = await MetaConnection.findByOrFail('user_id', user.id)
    const connections = await app.container.make(MetaConnections)

    await connections.markReconnectRequired(connection, 'meta_token_invalid')
    await connections.markReconnectRequired(connection, 'meta_token_invalid')

    const notifications = await Notification.query().where('user_id', user.id)
    assert.lengthOf(notifications, 1)
    assert.equal(notifications[0].type, 'meta_token_invalid')
    assert.equal(notifications[0].title, 'Reconnect your Meta account')
    assert.equal(notifications[0].url, '/integrations')
  })

  test('a Meta token expiring within 7 days raises meta_token_expiring once a day', async ({
    assert,
  }) => {
    const user = await createUser()
    await setPlan(user, 'agency')
    await connectMeta(user)
    const connection = await MetaConnection.findByOrFail('user_id', user.id)
    connection.expiresAt = DateTime.utc().plus({ days: 3, hours: 2 })
    await connection.save()
    const farUser = await createUser()
    await setPlan(farUser, 'agency')
    await connectMeta(farUser)

    await raiseTokenExpiryAlerts()
    await raiseTokenExpiryAlerts()

    const notifications = await Notification.query().where('user_id', user.id)
    assert.lengthOf(notifications, 1)
    assert.equal(notifications[0].type, 'meta_token_expiring')
    assert.include(notifications[0].message, 'in 3 days')
    assert.lengthOf(await Notification.query().where('user_id', farUser.id), 0)
  })
})

test.group('Alert producers: spend threshold', () => {
  test('ad accounts that spent more than the threshold today raise spend_threshold once a day', async ({
    assert,
  }) => {
    await freshSandbox()
    const user = await createUser()
    await setPlan(user, 'trafficker')
    await connectMeta(user)
    const low = await createUser()
    await setPlan(low, 'trafficker')
    await connectMeta(low)
    await new UpdateAlertPreferences().execute(user.id, { spendThresholdMinor: 1 })
    await new UpdateAlertPreferences().execute(low.id, { spendThresholdMinor: 10_000_000_00 })

    const raised = await checkSpendThresholds()
    assert.isAbove(raised, 0)
    const first = await Notification.query().where('user_id', user.id)
    assert.lengthOf(first, raised)
    assert.equal(first[0].type, 'spend_threshold')
    assert.match(first[0].message, /has spent .+ today, above your threshold of 0\.01 /)
    assert.lengthOf(await Notification.query().where('user_id', low.id), 0)

    await checkSpendThresholds()
    assert.lengthOf(await Notification.query().where('user_id', user.id), raised)
  })
})
