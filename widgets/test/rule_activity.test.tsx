import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { cleanup, configure, render, screen, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { AdrelayEmbedProvider, RuleActivity, type Appearance } from '../src/index.js'
import { ELEMENTS } from '../src/elements.js'
import type { EmbedRuleRun } from '../src/types.js'
import { EmbedApiStandIn } from './embed_api_stand_in.js'

configure({ asyncUtilTimeout: 5000 })

const api = new EmbedApiStandIn()
beforeAll(() => api.start().then(() => undefined))
afterAll(() => api.stop())
afterEach(cleanup)

function renderWith(secret: string, children: ReactNode, appearance?: Appearance) {
  return render(
    <AdrelayEmbedProvider
      fetchClientSecret={vi.fn(async () => secret)}
      baseUrl={api.baseUrl}
      appearance={appearance}
    >
      {children}
    </AdrelayEmbedProvider>
  )
}

const RUNS: EmbedRuleRun[] = [
  {
    id: 7,
    ruleName: 'Stop loss',
    mode: 'auto',
    trigger: 'schedule',
    status: 'completed',
    startedAt: '2026-11-20T10:00:00.000Z',
    finishedAt: '2026-11-20T10:00:04.000Z',
    evaluated: 1200,
    matched: 2,
    acted: 2,
    changes: [
      {
        adAccountId: 'act_100000000001',
        objectType: 'ad_set',
        objectId: '2384000001',
        objectName: 'Retargeting EU',
        action: 'pause',
        field: 'status',
        before: 'ACTIVE',
        after: 'PAUSED',
        status: 'executed',
      },
      {
        adAccountId: 'act_100000000001',
        objectType: 'ad_set',
        objectId: '2384000002',
        objectName: 'Prospecting US',
        action: 'decrease_budget',
        field: 'daily_budget',
        before: '5000',
        after: '4000',
        status: 'executed',
      },
    ],
  },
  {
    id: 6,
    ruleName: 'Scale winners',
    mode: 'dry_run',
    trigger: 'manual',
    status: 'failed',
    startedAt: '2026-11-19T10:00:00.000Z',
    finishedAt: null,
    evaluated: 3,
    matched: 0,
    acted: 0,
    changes: [],
  },
]

describe('RuleActivity', () => {
  test('shows a loading state, then each run with its mode, status, counts and changes', async () => {
    const secret = api.addSession({ rule_activity: RUNS })
    renderWith(secret, <RuleActivity limit={5} />)
    expect(screen.getByRole('status').textContent).toBe('Loading…')
    expect(await screen.findByText('Stop loss')).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Automated rule activity' })).toBeTruthy()
    const [first, second] = document.querySelectorAll('[data-adrelay-rule-run]')
    const firstRun = within(first as HTMLElement)
    expect(firstRun.getByText(/^Automatic ·/)).toBeTruthy()
    expect(firstRun.getByText('Completed')).toBeTruthy()
    expect(first.textContent).toContain('1,200 evaluated · 2 matched · 2 acted on')
    expect(first.textContent).toContain(
      'Retargeting EU 2384000001: Status: Active → Paused (applied)'
    )
    expect(first.textContent).toContain('Daily budget: 5,000 → 4,000')
    const secondRun = within(second as HTMLElement)
    expect(secondRun.getByText('Scale winners')).toBeTruthy()
    expect(secondRun.getByText(/^Dry run ·/)).toBeTruthy()
    expect(secondRun.getByText('Failed').className).toBe('adrelay-status-fail')
    expect(api.requests.some((request) => request.path.endsWith('rule_activity?limit=5'))).toBe(
      true
    )
  })

  test('with no runs it shows the empty state', async () => {
    const secret = api.addSession({ rule_activity: [] })
    renderWith(secret, <RuleActivity />)
    expect(await screen.findByText('No rule runs yet.')).toBeTruthy()
  })

  test('a session without the component shows the error state', async () => {
    const secret = api.addSession({ quota: {} })
    renderWith(secret, <RuleActivity />)
    const alert = await screen.findByRole('alert')
    expect(alert.getAttribute('data-adrelay-state')).toBe('error')
  })

  test('takes the appearance variables and theme like the other widgets', async () => {
    const secret = api.addSession({ rule_activity: RUNS })
    const { container } = renderWith(secret, <RuleActivity title="Rules" />, {
      theme: 'dark',
      variables: { colorPrimary: '#ff0066' },
    })
    expect(await screen.findByRole('heading', { name: 'Rules' })).toBeTruthy()
    const root = container.querySelector('.adrelay-root') as HTMLElement
    expect(root.dataset.theme).toBe('dark')
    expect(root.style.getPropertyValue('--adrelay-color-primary')).toBe('#ff0066')
  })

  test('the script-tag build defines <adrelay-rule-activity>', () => {
    expect(ELEMENTS['adrelay-rule-activity']).toBeTypeOf('function')
    expect(customElements.get('adrelay-rule-activity')).toBe(ELEMENTS['adrelay-rule-activity'])
  })
})
