import { test } from '@japa/runner'
import { inertiaVersion } from '#tests/helpers/inertia'

test.group('Privacy page', () => {
  test('states the retention periods the server really applies', async ({ client, assert }) => {
    const response = await client
      .get('/privacy')
      .header('X-Inertia', 'true')
      .header('X-Inertia-Version', await inertiaVersion())
    response.assertStatus(200)
    assert.deepEqual(response.body().props.retention, {
      callLogDays: 90,
      auditLogDays: 400,
      sessionInactivityDays: 7,
      cliTokenDays: 90,
      callRollupDays: 400,
    })
  })
})
