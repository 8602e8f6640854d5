import { test } from '@japa/runner'
import { DateTime, Settings } from 'luxon'
import type { ApiClient } from '@japa/api-client'
import ace from '@adonisjs/core/services/ace'
import Subscription from '#accounts/models/subscription'
import type User from '#accounts/models/user'
import InvitationCode from '#billing/models/invitation_code'
import InvitationRedemption from '#billing/models/invitation_redemption'
import { CreateInvitationCode } from '#billing/actions/create_invitation_code'
import { DisableInvitationCode } from '#billing/actions/disable_invitation_code'
import { ListInvitationCodes } from '#billing/actions/list_invitation_codes'
import { createApiKey, createUser } from '#tests/helpers/factories'
import { monthlyLimit, useBillingMode } from '#tests/helpers/billing'

let sequence = 0

async function redemptionsOf(code: string) {
  const stored = await InvitationCode.findByOrFail('code', code)
  return stored.redemptionCount
}
async function newCode(overrides: Partial<Parameters<CreateInvitationCode['execute']>[0]> = {}) {
  sequence += 1
  return new CreateInvitationCode().execute({
    code: `Invite-${Date.now()}-${sequence}`,
    planId: 'agency',
    grantDays: 30,
    maxRedemptions: 5,
    ...overrides,
  })
}

function validate(client: ApiClient, user: User, code: string) {
  return client.post('/api/validate-invitation-code').json({ code }).withCsrfToken().loginAs(user)
}

function redeem(client: ApiClient, user: User, planId: string, invitationCode: string) {
  return client
    .post('/api/create-subscription')
    .json({ planId, invitationCode })
    .withCsrfToken()
    .loginAs(user)
}

test.group('Billing: invitation codes', (group) => {
  // Invitation codes work in every billing mode; `off` proves they need no payment setup.
  group.setup(() => useBillingMode('off'))

  test('codes are stored upper-case and validated whatever the case typed', async ({
    client,
    assert,
  }) => {
    const created = await newCode()
    assert.equal(created.code, created.code.toUpperCase())
    const user = await createUser()
    const response = await validate(client, user, `  ${created.code.toLowerCase()} `)
    response.assertStatus(200)
    assert.deepEqual(response.body(), {
      valid: true,
      planId: 'agency',
      message: 'Valid code for the Agency plan (30 days free).',
    })
  })

  test('a valid code grants its plan without payment for its duration, and raises the quota at once', async ({
    client,
    assert,
  }) => {
    const created = await newCode({ grantDays: 45 })
    const user = await createUser()
    const { key } = await createApiKey(user)
    assert.equal(await monthlyLimit(client, key), 10_000)

    const response = await redeem(client, user, 'agency', created.code.toLowerCase())
    response.assertStatus(200)
    assert.match(
      response.body().message,
      /^Invitation code applied: you are on the Agency plan until /
    )
    assert.notProperty(response.body(), 'clientSecret')
    assert.notProperty(response.body(), 'changeType')

    const row = await Subscription.findByOrFail('user_id', user.id)
    assert.equal(row.provider, 'invitation')
    assert.equal(row.status, 'active')
    assert.equal(row.planId, 'agency')
    const days = row.currentPeriodEnd!.diff(row.currentPeriodStart!, 'days').days
    assert.closeTo(days, 45, 0.01)
    assert.equal(await monthlyLimit(client, key), 1_000_000)
    assert.equal(await redemptionsOf(created.code), 1)
  })

  test('a ten-year code redeemed in 2030 grants its plan until 2040, past 2038 (MySQL TIMESTAMP)', async ({
    client,
    assert,
  }) => {
    const created = await newCode({ grantDays: 3650 })
    const user = await createUser()
    // The server's clock (Luxon's) in 2030: a 3,650-day grant then ends in 2040, a date a
    // MySQL TIMESTAMP column cannot hold (its range ends on 2038-01-19).
    const realNow = Settings.now
    Settings.now = () => Date.parse('2030-06-01T12:00:00Z')
    let response
    try {
      response = await redeem(client, user, 'agency', created.code)
    } finally {
      Settings.now = realNow
    }
    response.assertStatus(200)
    assert.match(response.body().message, /until .*2040/)
    const row = await Subscription.findByOrFail('user_id', user.id)
    assert.equal(row.currentPeriodEnd!.toUTC().toISODate(), '2040-05-29')
    assert.equal(row.currentPeriodStart!.toUTC().toISODate(), '2030-06-01')
    const redemption = await InvitationRedemption.findByOrFail('user_id', user.id)
    assert.equal(redemption.grantsUntil.toUTC().toISO(), '2040-05-29T12:00:00.000Z')
  })

  test('a code for another plan is refused: Wrong Plan', async ({ client, assert }) => {
    const created = await newCode({ planId: 'trafficker' })
    const user = await createUser()
    const response = await redeem(client, user, 'agency', created.code)
    response.assertStatus(422)
    response.assertBodyContains({
      error: {
        code: 'invitation_plan_mismatch',
        message: 'This invitation code is for the Trafficker plan',
        planId: 'trafficker',
      },
    })
    assert.isNull(await Subscription.findBy('user_id', user.id))
  })

  test('an expired code is invalid', async ({ client, assert }) => {
    const created = await newCode({ expiresAt: DateTime.utc().minus({ minutes: 1 }) })
    const user = await createUser()
    const validation = await validate(client, user, created.code)
    assert.deepEqual(validation.body(), {
      valid: false,
      planId: 'agency',
      message: 'This invitation code has expired.',
    })
    const response = await redeem(client, user, 'agency', created.code)
    response.assertStatus(422)
    response.assertBodyContains({ error: { code: 'invalid_invitation_code', reason: 'expired' } })
  })

  test('a used-up code is invalid for the next user', async ({ client, assert }) => {
    const created = await newCode({ maxRedemptions: 1 })
    const first = await createUser()
    const redeemed200 = await redeem(client, first, 'agency', created.code)
    redeemed200.assertStatus(200)

    const second = await createUser()
    const validation = await validate(client, second, created.code)
    assert.deepEqual(validation.body(), {
      valid: false,
      planId: 'agency',
      message: 'This invitation code has reached its redemption limit.',
    })
    const response = await redeem(client, second, 'agency', created.code)
    response.assertStatus(422)
    response.assertBodyContains({ error: { code: 'invalid_invitation_code', reason: 'used_up' } })
    assert.isNull(await Subscription.findBy('user_id', second.id))
  })

  test('concurrent redemptions never exceed the maximum', async ({ client, assert }) => {
    const created = await newCode({ maxRedemptions: 2 })
    const users = await Promise.all([1, 2, 3, 4].map(() => createUser()))
    const responses = await Promise.all(
      users.map((user) => redeem(client, user, 'agency', created.code))
    )
    assert.equal(responses.filter((response) => response.status() === 200).length, 2)
    assert.equal(await redemptionsOf(created.code), 2)
  })

  test('the same user cannot redeem a code twice', async ({ client, assert }) => {
    const created = await newCode()
    const user = await createUser()
    const redeemed200 = await redeem(client, user, 'agency', created.code)
    redeemed200.assertStatus(200)
    const validation = await validate(client, user, created.code)
    assert.deepEqual(validation.body(), {
      valid: false,
      planId: 'agency',
      message: 'You have already used this invitation code.',
    })
    const again = await redeem(client, user, 'agency', created.code)
    again.assertStatus(422)
    again.assertBodyContains({
      error: { code: 'invalid_invitation_code', reason: 'already_redeemed' },
    })
    assert.equal(await redemptionsOf(created.code), 1)
  })

  test('a double submit redeems once; the other answers already_redeemed, never a 500', async ({
    client,
    assert,
  }) => {
    const created = await newCode()
    const user = await createUser()
    const responses = await Promise.all(
      [1, 2, 3].map(() => redeem(client, user, 'agency', created.code))
    )
    assert.sameMembers(
      responses.map((response) => response.status()),
      [200, 422, 422]
    )
    for (const refused of responses.filter((response) => response.status() === 422)) {
      assert.equal(refused.body().error.reason, 'already_redeemed')
    }
    assert.equal(await redemptionsOf(created.code), 1)
  })

  test('unknown and disabled codes are invalid', async ({ client, assert }) => {
    const user = await createUser()
    const unknown = await validate(client, user, 'NO-SUCH-CODE')
    assert.deepEqual(unknown.body(), {
      valid: false,
      planId: null,
      message: 'This invitation code does not exist.',
    })

    const created = await newCode()
    await new DisableInvitationCode().execute(created.id)
    const disabled = await validate(client, user, created.code)
    assert.isFalse(disabled.body().valid)
    const redeemed422 = await redeem(client, user, 'agency', created.code)
    redeemed422.assertStatus(422)
  })

  test('a blank code is refused by validation', async ({ client }) => {
    const user = await createUser()
    const response = await validate(client, user, '   ')
    response.assertStatus(422)
  })

  test('an invitation grant ends at its period end: the user is back on Free', async ({
    client,
    assert,
  }) => {
    const created = await newCode({ planId: 'trafficker' })
    const user = await createUser()
    const { key } = await createApiKey(user)
    const redeemed200 = await redeem(client, user, 'trafficker', created.code)
    redeemed200.assertStatus(200)
    const row = await Subscription.findByOrFail('user_id', user.id)
    row.currentPeriodEnd = DateTime.utc().minus({ seconds: 1 })
    await row.save()
    assert.equal(await monthlyLimit(client, key), 10_000)
    const me = await client.get('/api/auth/user').loginAs(user)
    assert.equal(me.body().subscription.plan.name, 'Free')
  })

  test('admin actions list, create and disable codes', async ({ assert }) => {
    const created = await newCode({ note: 'Partner agency', maxRedemptions: 3 })
    const listed = await new ListInvitationCodes().execute()
    const mine = listed.find((entry) => entry.id === created.id)!
    assert.containsSubset(mine, {
      code: created.code,
      planId: 'agency',
      maxRedemptions: 3,
      redemptionCount: 0,
      disabled: false,
      note: 'Partner agency',
    })
    const disabled = await new DisableInvitationCode().execute(created.id)
    assert.isTrue(disabled.disabled)

    await assert.rejects(() => newCode({ code: created.code }), /already exists/)
    await assert.rejects(() => newCode({ planId: 'free' }), /paid plan/)
    await assert.rejects(() => newCode({ grantDays: 0 }), /grantDays/)
  })

  test('generated codes are readable and unique', async ({ assert }) => {
    const first = await newCode({ code: null })
    const second = await newCode({ code: null })
    assert.match(first.code, /^ADR-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/)
    assert.notEqual(first.code, second.code)
  })

  test('node ace invitations:create creates a code', async ({ assert }) => {
    const code = `CLI-${Date.now()}`
    const command = await ace.exec('invitations:create', [
      '--plan=trafficker',
      '--days=14',
      '--max=3',
      `--code=${code.toLowerCase()}`,
      '--expires=2099-12-31',
    ])
    assert.equal(command.exitCode, 0)
    const stored = await InvitationCode.findByOrFail('code', code)
    assert.equal(stored.planId, 'trafficker')
    assert.equal(stored.grantDays, 14)
    assert.equal(stored.maxRedemptions, 3)
    assert.equal(stored.expiresAt!.toISODate(), '2099-12-31')

    const refused = await ace.exec('invitations:create', ['--plan=free'])
    assert.equal(refused.exitCode, 1)
  })
})
