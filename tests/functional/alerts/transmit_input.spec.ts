import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import app from '@adonisjs/core/services/app'
import type User from '#accounts/models/user'
import { notificationChannel } from '#alerts/services/notification_broadcaster'
import { createUser } from '#tests/helpers/factories'

/**
 * How long a refused `/__transmit/events` call may take: had it opened a stream instead, the
 * request would never end, and an open stream keeps the test server from closing.
 */
const STREAM_WAIT_MS = 5000

/** A JSON POST to a transmit endpoint as the notification centre sends it (session + CSRF). */
function post(client: ApiClient, path: string, user: User, body: unknown) {
  return client.post(path).json(body).withCsrfToken().loginAs(user)
}

/**
 * Opens `user`'s event stream under `uid` (as the browser's EventSource does) and resolves
 * once the server holds it; `close` drops the connection.
 */
async function openStream(client: ApiClient, user: User, uid: string) {
  const transmit = await app.container.make('transmit')
  const connected = new Promise<void>((resolve) => {
    const off = transmit.on('connect', (event) => {
      if (event.uid !== uid) return
      off()
      resolve()
    })
  })
  const request = client.get('/__transmit/events').qs({ uid }).loginAs(user)
  // The stream never ends by itself: the request settles (rejected) when `close` aborts it.
  const settled = request.send().catch(() => {})
  await connected
  return {
    close: async () => {
      request.request.abort()
      await settled
    },
  }
}

const badSubscriptions = [
  { title: 'an empty object', body: {}, field: 'uid' },
  { title: 'a numeric channel', body: { uid: 'x', channel: 123 }, field: 'channel' },
  { title: 'an empty channel', body: { uid: 'x', channel: '' }, field: 'channel' },
  { title: 'an empty uid', body: { uid: '', channel: 'users/1/notifications' }, field: 'uid' },
  {
    title: 'a uid over 100 characters',
    body: { uid: 'u'.repeat(101), channel: 'users/1/notifications' },
    field: 'uid',
  },
  {
    title: 'a channel over 200 characters',
    body: { uid: 'x', channel: `users/1/${'c'.repeat(200)}` },
    field: 'channel',
  },
]

test.group('Live notifications (transmit): input checks on /__transmit/*', () => {
  for (const path of ['/__transmit/subscribe', '/__transmit/unsubscribe']) {
    for (const { title, body, field } of badSubscriptions) {
      test(`${path} with ${title} answers 422 validation_failed naming ${field}`, async ({
        client,
        assert,
      }) => {
        const response = await post(client, path, await createUser(), body)
        response.assertStatus(422)
        assert.equal(response.body().error.code, 'validation_failed')
        assert.equal(response.body().error.field, field)
        assert.equal(response.body().error.fields[0].field, field)
      })
    }
  }

  test('an array body answers 422 invalid_body on both POSTs', async ({ client, assert }) => {
    // Refused for every route by app/middleware/server_surface_middleware.ts, before this check.
    for (const path of ['/__transmit/subscribe', '/__transmit/unsubscribe']) {
      const response = await post(client, path, await createUser(), [])
      response.assertStatus(422)
      assert.equal(response.body().error.code, 'invalid_body')
    }
  })

  test('/__transmit/events without a uid answers 422 validation_failed naming uid', async ({
    client,
    assert,
  }) => {
    const response = await client
      .get('/__transmit/events')
      .loginAs(await createUser())
      .timeout(STREAM_WAIT_MS)
    response.assertStatus(422)
    assert.equal(response.body().error.code, 'validation_failed')
    assert.equal(response.body().error.field, 'uid')
  })

  test('/__transmit/events with a uid over 100 characters answers 422', async ({
    client,
    assert,
  }) => {
    const response = await client
      .get('/__transmit/events')
      .qs({ uid: 'u'.repeat(101) })
      .loginAs(await createUser())
      .timeout(STREAM_WAIT_MS)
    response.assertStatus(422)
    assert.equal(response.body().error.field, 'uid')
  })

  test('signed out, a bad subscribe still answers 401 before any input check', async ({
    client,
  }) => {
    const response = await client.post('/__transmit/subscribe').json({})
    response.assertStatus(401)
  })

  test('an open stream joins its own notification channel and no other user’s', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const other = await createUser()
    const transmit = await app.container.make('transmit')
    const uid = randomUUID()
    const stream = await openStream(client, user, uid)
    try {
      const own = await post(client, '/__transmit/subscribe', user, {
        uid,
        channel: notificationChannel(user.id),
      })
      own.assertStatus(204)
      assert.include(transmit.getSubscribersFor(notificationChannel(user.id)), uid)

      const foreign = await post(client, '/__transmit/subscribe', user, {
        uid,
        channel: notificationChannel(other.id),
      })
      foreign.assertStatus(400)
      assert.notInclude(transmit.getSubscribersFor(notificationChannel(other.id)), uid)

      const left = await post(client, '/__transmit/unsubscribe', user, {
        uid,
        channel: notificationChannel(user.id),
      })
      left.assertStatus(204)
      assert.notInclude(transmit.getSubscribersFor(notificationChannel(user.id)), uid)
    } finally {
      await stream.close()
    }
  })
})
