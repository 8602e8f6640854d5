import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import type { BrowserContext, Page } from 'playwright'
import type { ApiClient } from '@japa/api-client'
import Subscription from '#accounts/models/subscription'
import type User from '#accounts/models/user'
import { CreateInvitationCode } from '#billing/actions/create_invitation_code'
import { createUser, setPlan } from '#tests/helpers/factories'
import {
  deliver,
  signedStripeEvent,
  useBillingMode,
  useStripeStandIn,
} from '#tests/helpers/billing'
import { FAKE_STRIPE_JS } from '#tests/stand_ins/fake_stripe_js'
import { RATE_LIMITS } from '#start/limiter'
import type { StripeStandIn } from '#tests/stand_ins/stripe_server'
import { recordToasts } from '../web/helpers.js'

function toast(page: Page) {
  return page.locator('[data-variant]').first()
}

/**
 * Serves the Stripe.js stand-in for https://js.stripe.com/* and turns its confirmations into
 * the Stripe stand-in's state (a saved card, a paid first invoice).
 */
async function routeStripeJs(context: BrowserContext, standIn: StripeStandIn) {
  await context.route('https://js.stripe.com/**', async (route) => {
    const url = new URL(route.request().url())
    const cors = { 'access-control-allow-origin': '*' }
    if (url.pathname.startsWith('/__stand_in__/')) {
      const secret = route.request().postData() ?? ''
      for (const subscription of standIn.subscriptions.values()) {
        const setupIntent = standIn.setupIntents.get(subscription.pending_setup_intent)
        if (url.pathname.endsWith('confirm_setup') && setupIntent?.client_secret === secret) {
          standIn.succeedSetupIntent(subscription.id)
        }
        const invoice = subscription.latest_invoice
          ? standIn.invoices.get(subscription.latest_invoice)
          : null
        if (
          url.pathname.endsWith('confirm_payment') &&
          invoice?.confirmation_secret?.client_secret === secret
        ) {
          standIn.payFirstInvoice(subscription.id)
        }
      }
      return route.fulfill({
        status: 200,
        headers: cors,
        contentType: 'application/json',
        body: '{}',
      })
    }
    return route.fulfill({
      status: 200,
      headers: cors,
      contentType: 'application/javascript',
      body: FAKE_STRIPE_JS,
    })
  })
}

/** A user paying for `planId` through the stand-in (trial used, first invoice paid). */
async function payingUser(client: ApiClient, standIn: StripeStandIn, planId: string) {
  const user = await createUser({ trialUsedAt: DateTime.utc() })
  await client.post('/api/create-subscription').json({ planId }).withCsrfToken().loginAs(user)
  const row = await Subscription.findByOrFail('user_id', user.id)
  const invoice = standIn.payFirstInvoice(row.stripeSubscriptionId!)
  await deliver(client, signedStripeEvent('invoice.paid', invoice))
  return user
}

/** Signs `user` in on a browser whose Stripe.js is the stand-in's (see routeStripeJs). */
async function signInWithStripeJs(context: BrowserContext, standIn: StripeStandIn, user: User) {
  await routeStripeJs(context, standIn)
  await context.loginAs(user)
}

async function currentPlanLabel(page: Page) {
  return page.getByTestId('current-plan-label').innerText()
}

test.group('Subscription page with Stripe', (group) => {
  let stripe: Awaited<ReturnType<typeof useStripeStandIn>>
  group.setup(async () => {
    stripe = await useStripeStandIn()
    return () => stripe.stop()
  })

  test('a Free user starts a trial of the preselected plan, adds a card and is finalized', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const user = await createUser()
    await signInWithStripeJs(browserContext, stripe.standIn, user)
    const page = await visit('/subscription?plan=trafficker')

    const card = page.getByTestId('plan-card-trafficker')
    await card.getByText('Most Popular').waitFor()
    assert.equal(await card.getAttribute('data-selected'), 'true')
    assert.equal(
      await page.getByTestId('plan-card-free').getByRole('button').innerText(),
      'Current Plan'
    )
    assert.isTrue(await page.getByTestId('plan-card-free').getByRole('button').isDisabled())
    assert.equal(
      await page.getByTestId('plan-card-agency').getByRole('button').innerText(),
      'Start 14-day free trial'
    )
    await page
      .getByText('All plans include a 14-day free trial. No credit card required.')
      .waitFor()
    await page.getByRole('link', { name: 'Need a custom plan?' }).waitFor()

    await card.getByRole('button', { name: 'Start 14-day free trial' }).click()
    await page.getByText('Complete Your Subscription').waitFor()
    await page.getByText('Subscribe to the Trafficker plan for $29/month').waitFor()
    await page.getByTestId('fake-payment-element').waitFor()

    await page.getByRole('button', { name: 'Save Payment Method' }).click()
    await page.waitForURL(
      (url) => url.pathname === '/subscription' && url.searchParams.get('setup_complete') === 'true'
    )
    await page.getByRole('heading', { name: 'Subscription Complete!' }).waitFor()
    await page.waitForURL((url) => url.pathname === '/subscription' && !url.search)
    assert.include(await currentPlanLabel(page), 'Trafficker')
    assert.include(await currentPlanLabel(page), 'free trial until')
    // The footer names the running trial; it does not say the trial is over.
    await page
      .getByText(/^Your free trial runs until .+\. Switching between paid plans keeps it\.$/)
      .waitFor()
    assert.equal(await page.getByText('You have had your 14-day free trial').count(), 0)

    const row = await Subscription.findByOrFail('user_id', user.id)
    assert.equal(
      stripe.standIn.subscriptions.get(row.stripeSubscriptionId!)!.default_payment_method,
      'pm_card_visa'
    )
  })

  test('an unfinished payment is shown at once; a declined card shows Payment Failed; paying goes to the site origin', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const user = await createUser({ trialUsedAt: DateTime.utc() })
    await signInWithStripeJs(browserContext, stripe.standIn, user)
    const toasts = await recordToasts(browserContext)
    const page = await visit('/subscription')
    // The trial is given once: a user who had it is not offered it again.
    await page
      .getByText('You have had your 14-day free trial: a paid plan starts at once.')
      .waitFor()
    assert.equal(
      await page
        .getByText('All plans include a 14-day free trial. No credit card required.')
        .count(),
      0
    )
    await page.getByTestId('plan-card-agency').getByRole('button', { name: 'Subscribe' }).click()
    await page.getByText('Subscribe to the Agency plan for $99/month').waitFor()

    await page.getByRole('button', { name: '← Back to plans' }).click()
    await page.getByTestId('plan-card-agency').waitFor()

    await page.reload()
    await page.getByText('Complete Your Subscription').waitFor()
    await page.getByTestId('fake-payment-element').waitFor()
    await page.evaluate('window.__stripeDecline = true')
    await page.getByRole('button', { name: 'Pay and Subscribe' }).click()
    await toast(page).getByText('Payment Failed', { exact: true }).waitFor()
    assert.include(await toast(page).innerText(), 'Your card was declined.')

    await page.getByRole('button', { name: 'Pay and Subscribe' }).click()
    // The success toast lives 1 s before the move to /: read what the page recorded.
    await page.waitForURL((url) => url.pathname === '/')
    assert.isTrue(
      toasts.some(({ text }) => text.includes('Payment Successful')),
      `toasts seen: ${JSON.stringify(toasts)}`
    )
    const row = await Subscription.findByOrFail('user_id', user.id)
    assert.equal(stripe.standIn.subscriptions.get(row.stripeSubscriptionId!)!.status, 'active')
  })

  test('a cleaned-up orphan shows Subscription Reset', async ({
    visit,
    browserContext,
    client,
  }) => {
    const user = await createUser({ trialUsedAt: DateTime.utc() })
    await client
      .post('/api/create-subscription')
      .json({ planId: 'agency' })
      .withCsrfToken()
      .loginAs(user)
    const row = await Subscription.findByOrFail('user_id', user.id)
    stripe.standIn.expireIncomplete(row.stripeSubscriptionId!)
    await signInWithStripeJs(browserContext, stripe.standIn, user)
    const page = await visit('/subscription')
    await toast(page).getByText('Subscription Reset', { exact: true }).waitFor()
    await page.getByTestId('plan-card-agency').getByRole('button', { name: 'Subscribe' }).waitFor()
  })

  test('an upgrade shows the change preview, then Upgrade Successful! and the new plan', async ({
    visit,
    browserContext,
    client,
    assert,
  }) => {
    const user = await payingUser(client, stripe.standIn, 'trafficker')
    await signInWithStripeJs(browserContext, stripe.standIn, user)
    const page = await visit('/subscription')
    assert.equal(
      await page.getByTestId('plan-card-free').getByRole('button').innerText(),
      'Downgrade to Free'
    )
    await page.getByTestId('plan-card-agency').getByRole('button', { name: 'Upgrade Plan' }).click()

    await page.getByRole('heading', { name: 'Confirm Subscription Change' }).waitFor()
    assert.equal(await page.getByTestId('preview-current-plan').innerText(), 'Trafficker')
    assert.equal(await page.getByTestId('preview-new-plan').innerText(), 'Agency')
    assert.equal(await page.getByTestId('preview-change-type').innerText(), 'Upgrade')
    assert.equal(await page.getByTestId('preview-effective-date').innerText(), 'Immediately')
    assert.match(
      await page.getByTestId('preview-proration').innerText(),
      /You will be charged \$\d+\.\d\d now/
    )
    await page.getByRole('button', { name: 'Cancel' }).waitFor()

    await page.getByRole('button', { name: 'Confirm Upgrade' }).click()
    await toast(page).getByText('Upgrade Successful!', { exact: true }).waitFor()
    const shownAt = Date.now()
    await page
      .getByTestId('current-plan-label')
      .getByText('Agency', { exact: true })
      .waitFor({ timeout: 10_000 })
    assert.isAtLeast(Date.now() - shownAt, 1500, 'reloads after 2 s')
  })

  test('a downgrade shows its date and Downgrade Scheduled', async ({
    visit,
    browserContext,
    client,
    assert,
  }) => {
    const user = await payingUser(client, stripe.standIn, 'agency')
    await signInWithStripeJs(browserContext, stripe.standIn, user)
    const page = await visit('/subscription')
    await page
      .getByTestId('plan-card-trafficker')
      .getByRole('button', { name: 'Downgrade Plan' })
      .click()
    await page.getByRole('heading', { name: 'Confirm Subscription Change' }).waitFor()
    assert.equal(await page.getByTestId('preview-change-type').innerText(), 'Downgrade')
    assert.match(
      await page.getByTestId('preview-effective-date').innerText(),
      /^[A-Z][a-z]+ \d{1,2}, \d{4}$/
    )
    await page.getByRole('button', { name: 'Confirm Downgrade' }).click()
    await toast(page).getByText('Downgrade Scheduled', { exact: true }).waitFor()
    assert.include(await toast(page).innerText(), 'Your plan changes to Trafficker on')
  })

  test('a scheduled downgrade is shown by the current plan, and Keep cancels it', async ({
    visit,
    browserContext,
    client,
    assert,
  }) => {
    const user = await payingUser(client, stripe.standIn, 'agency')
    await client
      .post('/api/create-subscription')
      .json({ planId: 'trafficker' })
      .withCsrfToken()
      .loginAs(user)
    await signInWithStripeJs(browserContext, stripe.standIn, user)
    const page = await visit('/subscription')
    assert.match(
      await currentPlanLabel(page),
      /^Current plan: Agency · changes to Trafficker on [A-Z][a-z]+ \d{1,2}, \d{4}$/
    )
    await page.getByRole('button', { name: 'Keep Agency' }).click()
    await toast(page).getByText('Plan Kept', { exact: true }).waitFor()
    assert.include(await toast(page).innerText(), 'You keep the Agency plan. It renews on')
    await page.getByRole('button', { name: 'Keep Agency' }).waitFor({ state: 'detached' })
    assert.equal(await currentPlanLabel(page), 'Current plan: Agency')
  })

  test('a failed finalize shows Setup Error', async ({ visit, browserContext }) => {
    const user = await createUser()
    await signInWithStripeJs(browserContext, stripe.standIn, user)
    const page = await visit('/subscription?setup_complete=true')
    await toast(page).getByText('Setup Error', { exact: true }).waitFor()
    await page
      .getByText('There was an issue completing your subscription. Please try again.')
      .first()
      .waitFor()
  })
})

test.group('Subscription page without Stripe (manual mode)', (group) => {
  group.setup(() => useBillingMode('manual'))

  test('Start 14-day free trial starts a real trial, shown on Subscription and Dashboard', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const user = await createUser()
    await browserContext.loginAs(user)
    const page = await visit('/subscription')
    await page
      .getByText('Billing is in manual mode: plan changes apply immediately without payment.')
      .first()
      .waitFor()
    await page
      .getByTestId('plan-card-agency')
      .getByRole('button', { name: 'Start 14-day free trial' })
      .click()
    await toast(page).getByText('Success', { exact: true }).waitFor()
    const row = await Subscription.findByOrFail('user_id', user.id)
    assert.equal(row.status, 'trialing')
    const trialEnd = row.trialEnd!.toUTC().toFormat('LLLL d, yyyy')
    await page
      .getByTestId('current-plan-label')
      .getByText(`free trial until ${trialEnd}`, { exact: false })
      .waitFor({ timeout: 10_000 })
    assert.equal(
      await page.getByTestId('plan-card-agency').getByRole('button').innerText(),
      'Current Plan'
    )
    assert.equal(
      await page.getByTestId('plan-card-trafficker').getByRole('button').innerText(),
      'Downgrade Plan'
    )

    await page.goto('/')
    assert.equal(
      await page.getByTestId('trial-end').innerText(),
      `Your free trial of the Agency plan ends on ${trialEnd}.`
    )
  })

  test('a confirmed downgrade previews Immediately, toasts Downgrade Scheduled and reloads after 2 s', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const user = await createUser()
    await setPlan(user, 'agency')
    await browserContext.loginAs(user)
    const page = await visit('/subscription')
    await page
      .getByTestId('plan-card-trafficker')
      .getByRole('button', { name: 'Downgrade Plan' })
      .click()
    await page.getByRole('heading', { name: 'Confirm Subscription Change' }).waitFor()
    assert.equal(await page.getByTestId('preview-effective-date').innerText(), 'Immediately')
    await page.getByText('You will move from Agency to Trafficker immediately.').waitFor()

    await page.getByRole('button', { name: 'Confirm Downgrade' }).click()
    await toast(page).getByText('Downgrade Scheduled', { exact: true }).waitFor()
    const shownAt = Date.now()
    await page
      .getByTestId('current-plan-label')
      .getByText('Trafficker', { exact: true })
      .waitFor({ timeout: 10_000 })
    assert.isAtLeast(Date.now() - shownAt, 1500, 'reloads after 2 s')
  })

  test('the invitation-code box: upper-case, blank ignored, result reset on edit, Invalid Code, Wrong Plan, Valid Code', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const invitation = await new CreateInvitationCode().execute({
      code: `BROWSER-${Date.now()}`,
      planId: 'trafficker',
      grantDays: 30,
      maxRedemptions: 5,
    })
    const user: User = await createUser()
    await browserContext.loginAs(user)
    const page = await visit('/subscription')
    const input = page.getByLabel('Invitation code', { exact: true })
    const validate = page.getByRole('button', { name: 'Validate' })

    assert.isTrue(await validate.isDisabled())
    await input.fill('   ')
    assert.isTrue(await validate.isDisabled())

    await input.fill(invitation.code.toLowerCase())
    assert.equal(await input.inputValue(), invitation.code)

    // Picking a plan before validating
    await page.getByTestId('plan-card-agency').getByRole('button').click()
    await toast(page).getByText('Invalid Code', { exact: true }).waitFor()
    assert.include(await toast(page).innerText(), 'Please validate your invitation code first')

    await validate.click()
    await toast(page).getByText('Valid Code', { exact: true }).waitFor()
    await page.getByTestId('invitation-result').waitFor()

    await page.getByTestId('plan-card-agency').getByRole('button').click()
    await toast(page).getByText('Wrong Plan', { exact: true }).waitFor()
    assert.include(await toast(page).innerText(), 'This invitation code is for the Trafficker plan')

    await input.press('End')
    await input.press('Backspace')
    assert.equal(
      await page.getByTestId('invitation-result').count(),
      0,
      'editing resets the result'
    )
    await input.fill(invitation.code)
    await validate.click()
    await page.getByTestId('invitation-result').waitFor()

    await page.getByTestId('plan-card-trafficker').getByRole('button').click()
    await toast(page).getByText('Success', { exact: true }).waitFor()
    assert.include(await toast(page).innerText(), 'Invitation code applied')
    await page
      .getByTestId('current-plan-label')
      .getByText('Trafficker', { exact: true })
      .waitFor({ timeout: 10_000 })
    const row = await Subscription.findByOrFail('user_id', user.id)
    assert.equal(row.provider, 'invitation')

    await input.fill('NOPE-NOPE')
    await validate.click()
    await toast(page).getByText('Invalid Code', { exact: true }).waitFor()
    assert.include(await toast(page).innerText(), 'This invitation code does not exist.')
  })

  test("past the invitation-code limit, Validate shows the server's message in a toast", async ({
    visit,
    browserContext,
    client,
    assert,
  }) => {
    const user: User = await createUser()
    for (let index = 0; index < RATE_LIMITS.invitationCodes.requests; index++) {
      await client
        .post('/api/validate-invitation-code')
        .json({ code: `GUESS-${index}` })
        .withCsrfToken()
        .loginAs(user)
    }
    await browserContext.loginAs(user)
    const page = await visit('/subscription')
    await page.getByLabel('Invitation code', { exact: true }).fill('GUESS-LAST')
    await page.getByRole('button', { name: 'Validate' }).click()
    await toast(page).getByText('Too Many Requests', { exact: true }).waitFor()
    assert.match(
      await toast(page).innerText(),
      /Too many invitation code attempts\. Try again in \d+ (seconds|minutes)\./
    )
  })
})
