import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import InvitationCode from '#billing/models/invitation_code'
import { createUser } from '#tests/helpers/factories'
import { useRolledBackTransaction } from '#tests/helpers/rolled_back_transaction'

test.group('Admin invitation codes', (group) => {
  useRolledBackTransaction(group)
  test('an admin creates a code with plan, max redemptions and expiry, and it is listed', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ role: 'admin' })
    const expiry = DateTime.utc().plus({ days: 10 }).toISODate()!
    const response = await client
      .post('/api/admin/invitation-codes')
      .json({ code: 'launch-friends', planId: 'agency', maxRedemptions: 25, expiresAt: expiry })
      .withCsrfToken()
      .loginAs(admin)
    response.assertStatus(201)
    assert.containsSubset(response.body(), {
      code: 'LAUNCH-FRIENDS',
      planId: 'agency',
      maxRedemptions: 25,
      redemptionCount: 0,
      grantDays: 30,
      disabled: false,
    })
    assert.equal(
      DateTime.fromISO(response.body().expiresAt).toUTC().toISO(),
      DateTime.fromISO(expiry, { zone: 'utc' }).endOf('day').startOf('second').toISO()
    )

    const stored = await InvitationCode.findByOrFail('code', 'LAUNCH-FRIENDS')
    assert.equal(stored.createdByUserId, admin.id)

    const list = await client.get('/api/admin/invitation-codes').loginAs(admin)
    list.assertStatus(200)
    assert.include(
      list.body().codes.map((code: any) => code.code),
      'LAUNCH-FRIENDS'
    )
  })

  test("a code's note is stored without control or bidirectional-override characters", async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ role: 'admin' })
    const response = await client
      .post('/api/admin/invitation-codes')
      .json({ planId: 'trafficker', maxRedemptions: 1, note: 'For \u202Eevil\u0000 partner' })
      .withCsrfToken()
      .loginAs(admin)
    response.assertStatus(201)
    const stored = await InvitationCode.findByOrFail('code', response.body().code)
    assert.equal(stored.note, 'For evil partner')

    const invisible = await client
      .post('/api/admin/invitation-codes')
      .json({ planId: 'trafficker', maxRedemptions: 1, note: '\u2066\u0000' })
      .withCsrfToken()
      .loginAs(admin)
    invisible.assertStatus(422)
    invisible.assertBodyContains({ error: { code: 'validation_failed' } })
  })

  test('without a code, one is generated', async ({ client, assert }) => {
    const admin = await createUser({ role: 'admin' })
    const response = await client
      .post('/api/admin/invitation-codes')
      .json({ planId: 'trafficker', maxRedemptions: 1 })
      .withCsrfToken()
      .loginAs(admin)
    response.assertStatus(201)
    assert.match(response.body().code, /^ADR-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/)
    assert.isNull(response.body().expiresAt)
  })

  test("billing's rules apply: Free plan, bad counts, duplicates and past expiry are refused", async ({
    client,
  }) => {
    const admin = await createUser({ role: 'admin' })
    const create = (body: Record<string, unknown>) =>
      client.post('/api/admin/invitation-codes').json(body).withCsrfToken().loginAs(admin)

    const free = await create({ planId: 'free', maxRedemptions: 5 })
    free.assertStatus(422)
    free.assertBodyContains({ error: { code: 'invalid_invitation_code_input', field: 'planId' } })

    const zero = await create({ planId: 'agency', maxRedemptions: 0 })
    zero.assertStatus(422)
    zero.assertBodyContains({
      error: { code: 'invalid_invitation_code_input', field: 'maxRedemptions' },
    })

    const past = await create({ planId: 'agency', maxRedemptions: 5, expiresAt: '2020-01-01' })
    past.assertStatus(422)
    past.assertBodyContains({
      error: { code: 'invalid_invitation_code_input', field: 'expiresAt' },
    })

    // Past year 9999 it cannot be stored (SQLite read it back as "never expires").
    for (const expiresAt of [
      '+010000-01-01T00:00:00Z',
      DateTime.utc().plus({ years: 11 }).toISODate(),
    ]) {
      const far = await create({ planId: 'agency', maxRedemptions: 1, expiresAt })
      far.assertStatus(422)
      far.assertBodyContains({
        error: { code: 'invalid_invitation_code_input', field: 'expiresAt' },
      })
    }

    const unknownPlan = await create({ planId: 'platinum', maxRedemptions: 5 })
    unknownPlan.assertStatus(422)
    unknownPlan.assertBodyContains({ error: { code: 'validation_failed' } })

    ;(await create({ code: 'ONCE-ONLY', planId: 'agency', maxRedemptions: 5 })).assertStatus(201)
    const duplicate = await create({ code: 'once-only', planId: 'agency', maxRedemptions: 5 })
    duplicate.assertStatus(409)
    duplicate.assertBodyContains({ error: { code: 'invitation_code_taken' } })
  })

  test('a disabled code no longer validates for users', async ({ client, assert }) => {
    const admin = await createUser({ role: 'admin' })
    const user = await createUser()
    const created = await client
      .post('/api/admin/invitation-codes')
      .json({ code: 'SOON-OFF', planId: 'trafficker', maxRedemptions: 10 })
      .withCsrfToken()
      .loginAs(admin)

    const before = await client
      .post('/api/validate-invitation-code')
      .json({ code: 'SOON-OFF' })
      .withCsrfToken()
      .loginAs(user)
    assert.isTrue(before.body().valid)

    const disabled = await client
      .post(`/api/admin/invitation-codes/${created.body().id}/disable`)
      .withCsrfToken()
      .loginAs(admin)
    disabled.assertStatus(200)
    assert.isTrue(disabled.body().disabled)

    const after = await client
      .post('/api/validate-invitation-code')
      .json({ code: 'SOON-OFF' })
      .withCsrfToken()
      .loginAs(user)
    assert.isFalse(after.body().valid)
  })

  test('creating and disabling are recorded in the audit log, a repeated disable once', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ role: 'admin', email: 'code.auditor@example.test' })
    const created = await client
      .post('/api/admin/invitation-codes')
      .json({ code: 'AUDITED-CODE', planId: 'agency', maxRedemptions: 3 })
      .withCsrfToken()
      .loginAs(admin)
    const id = created.body().id
    await client.post(`/api/admin/invitation-codes/${id}/disable`).withCsrfToken().loginAs(admin)
    await client.post(`/api/admin/invitation-codes/${id}/disable`).withCsrfToken().loginAs(admin)

    const log = await client.get('/api/admin/audit-log').qs({ perPage: 100 }).loginAs(admin)
    const mine = log
      .body()
      .entries.filter((entry: any) => entry.actor.email === 'code.auditor@example.test')
    assert.deepEqual(
      mine.map((entry: any) => [entry.action, entry.target.label]),
      [
        ['invitation_code.disabled', 'AUDITED-CODE'],
        ['invitation_code.created', 'AUDITED-CODE'],
      ]
    )
    assert.containsSubset(mine[1].details, { planId: 'agency', maxRedemptions: 3 })
  })

  test('disabling an unknown code answers 404', async ({ client }) => {
    const admin = await createUser({ role: 'admin' })
    const response = await client
      .post('/api/admin/invitation-codes/999999/disable')
      .withCsrfToken()
      .loginAs(admin)
    response.assertStatus(404)
    response.assertBodyContains({ error: { code: 'not_found' } })
  })
})
