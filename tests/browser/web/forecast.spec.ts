import { test } from '@japa/runner'
import { createUser, setPlan } from '#tests/helpers/factories'
import { connectMeta, freshSandbox } from '#tests/helpers/meta'
import {
  callsLeftToRunOut,
  logCallRecords,
  MONTH_TURN_TIMEOUT,
  setUsage,
} from '#tests/helpers/usage'
import { seriousViolations } from './helpers.js'
import { settled, trackRequests } from '#tests/helpers/page_settled'

/** `November 30, 2026` for an instant, in `timeZone` (the screens' long date). */
function longDate(iso: string, timeZone = 'UTC') {
  return new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone,
  })
}

test.group('Forecasts on the dashboard and in Advanced Analytics', (group) => {
  group.each.setup(async () => {
    await freshSandbox()
  })

  test('a paid user near the limit sees the projection and the run-out date, and the Meta spend forecast', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const user = await createUser()
    await setPlan(user, 'trafficker')
    await connectMeta(user)
    // At most 20 requests left and 10,000 calls in the last hour: the quota runs out within hours
    // (fewer left near the month's end: see callsLeftToRunOut)
    await setUsage(user.id, 100_000 - (await callsLeftToRunOut(10_000, 20)))
    await logCallRecords(
      user.id,
      Array.from({ length: 10_000 }, () => ({ at: new Date() }))
    )
    await browserContext.loginAs(user)
    // The projection moves with the clock (fewer hours left, a longer pace window), so the page's
    // figures are checked against forecasts asked for just before and just after it rendered.
    const page = await visit('/')
    const forecastAt = async () =>
      (await page.request.get('/api/actions/get_usage_forecast')).json()
    const before = await forecastAt()
    await page.reload()
    await page.getByTestId('usage-forecast-run-out').waitFor()
    const shownProjected = await page.getByTestId('usage-forecast-projected').innerText()
    const shownRunOut = await page.getByTestId('usage-forecast-run-out').innerText()
    const forecast = await forecastAt()
    assert.equal(before.status, 'will_run_out')
    assert.equal(forecast.status, 'will_run_out')

    const lastDay = new Date(Date.parse(forecast.resetsAt) - 1).toISOString()
    const projected = shownProjected.match(/^Projected: ([\d,]+) by (.+)$/)
    assert.isNotNull(projected, shownProjected)
    const shownTotal = Number(projected![1].replaceAll(',', ''))
    assert.isAtLeast(shownTotal, Math.min(before.projectedTotal, forecast.projectedTotal))
    assert.isAtMost(shownTotal, Math.max(before.projectedTotal, forecast.projectedTotal))
    assert.equal(projected![2], longDate(lastDay))
    const runOutDates = [longDate(before.runsOutAt), longDate(forecast.runsOutAt)]
    assert.include(
      runOutDates.map((date) => `At this pace your quota runs out on ${date}`),
      shownRunOut
    )

    const accounts = await (await page.request.get('/api/meta/ad-accounts')).json()
    const first = accounts.adAccounts[0]
    const spendAt = async () =>
      (await page.request.get(`/api/actions/get_spend_forecast?adAccountId=${first.id}`)).json()
    // The budget projection also moves with the clock (the month's remaining seconds), so the
    // shown figure is checked against forecasts asked for before and after the panel rendered.
    const spendBefore = await spendAt()
    await page.getByRole('button', { name: /Advanced Analytics/ }).click()
    await page.getByRole('region', { name: 'Advanced Analytics' }).waitFor()
    await page.getByTestId('analytics-quota-runs-out').waitFor()
    assert.include(runOutDates, await page.getByTestId('analytics-quota-runs-out').innerText())
    await page.getByTestId('spend-forecast').waitFor()
    const spend = await spendAt()
    const money = (minor: number) =>
      new Intl.NumberFormat('en-US', { style: 'currency', currency: spend.currency }).format(
        minor / 100
      )
    await page.assertText('[data-testid="spend-month-to-date"]', money(spend.monthToDateSpend))
    await page.assertText(
      '[data-testid="spend-daily-budgets"]',
      `${money(spend.budgets.dailyBudgetTotal)}/day`
    )
    const shownBudget = await page.getByTestId('spend-projected-budget').innerText()
    const budgetBounds = [
      spendBefore.budget.projectedMonthSpend,
      spend.budget.projectedMonthSpend,
    ].sort((a, b) => a - b)
    const shownBudgetMinor = Math.round(Number(shownBudget.replace(/[^\d.]/g, '')) * 100)
    assert.isAtLeast(shownBudgetMinor, Math.floor(budgetBounds[0]), shownBudget)
    assert.isAtMost(shownBudgetMinor, Math.ceil(budgetBounds[1]), shownBudget)
    assert.equal(shownBudget, money(shownBudgetMinor), 'the projection is shown as money')

    assert.deepEqual(await seriousViolations(page), [], 'Advanced Analytics with forecasts')

    // The account with a spending limit says so.
    const europe = accounts.adAccounts.find((account: any) => account.currency === 'EUR')
    await page.getByLabel('Ad account').selectOption(europe.id)
    await page.getByTestId('spend-cap').waitFor()
    assert.include(await page.getByTestId('spend-cap').innerText(), 'Spending limit €50,000.00')
  }).timeout(MONTH_TURN_TIMEOUT)

  test('without Meta the spend forecast asks to connect; Free plans get no forecast', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const paid = await createUser()
    await setPlan(paid, 'trafficker')
    await browserContext.loginAs(paid)
    const page = await visit('/')
    await page.getByTestId('usage-forecast-empty').waitFor()
    await page.getByRole('button', { name: /Advanced Analytics/ }).click()
    await page.getByTestId('spend-forecast-not-connected').waitFor()
    assert.include(
      await page.getByTestId('spend-forecast-not-connected').innerText(),
      'Connect a Meta ads account'
    )
    await page.getByTestId('analytics-usage-forecast-empty').waitFor()

    const free = await createUser()
    await setUsage(free.id, 9_000)
    await browserContext.clearCookies()
    await browserContext.loginAs(free)
    await trackRequests(browserContext)
    const freePage = await visit('/')
    await freePage.getByTestId('plan-usage-line').waitFor()
    await settled(freePage)
    assert.equal(await freePage.getByTestId('usage-forecast').count(), 0)
    assert.notInclude(await freePage.locator('main').innerText(), 'Projected:')
  })
})
