import { describe, expect, it } from 'vitest'
import { ApiError } from '~/lib/api'
import { publishInOrder, PublishStopped, type PublishStep } from '~/lib/wizard_publish'
import type { WriteResult } from '~/types'

const STEPS: PublishStep[] = [
  { action: 'update_ad_status', input: { adId: '3' }, what: 'the ad “Spring ad”' },
  { action: 'update_ad_set_status', input: { adSetId: '2' }, what: 'the ad set “Spring set”' },
  { action: 'update_campaign_status', input: { campaignId: '1' }, what: 'the campaign “Spring”' },
]

/** A stand-in for the session adapter: records each call, refuses the ones `refuse` names. */
function recorder(refuse: (action: string, input: Record<string, unknown>) => boolean) {
  const calls: string[] = []
  const run = async (action: string, input: Record<string, unknown>) => {
    calls.push(`${action} ${input.status}${input.confirm ? ' confirm' : ''}`)
    if (refuse(action, input)) {
      const body = JSON.stringify({
        error: { code: 'meta_error', message: 'x', metaUserMessage: 'The ad set is in review.' },
      })
      throw new ApiError(400, body, `400: ${body}`)
    }
    return { preview: !input.confirm } as WriteResult
  }
  return { calls, run }
}

describe('Publish in the wizard', () => {
  it('activates the ad, the ad set and the campaign in that order', async () => {
    const { calls, run } = recorder(() => false)
    const results = await publishInOrder(STEPS, run, true)
    expect(results).toHaveLength(3)
    expect(calls).toEqual([
      'update_ad_status ACTIVE confirm',
      'update_ad_set_status ACTIVE confirm',
      'update_campaign_status ACTIVE confirm',
    ])
  })

  it('a refusal part-way switches what was activated back to paused and says so', async () => {
    const { calls, run } = recorder(
      (action, input) => action === 'update_ad_set_status' && input.status === 'ACTIVE'
    )
    const failure = await publishInOrder(STEPS, run, true).catch((error) => error)
    expect(failure).toBeInstanceOf(PublishStopped)
    expect(failure.message).toBe(
      'Publishing stopped at the ad set “Spring set”: The ad set is in review. The ad “Spring ad” was switched back to paused, so nothing delivers.'
    )
    expect(calls).toEqual([
      'update_ad_status ACTIVE confirm',
      'update_ad_set_status ACTIVE confirm',
      'update_ad_status PAUSED confirm',
    ])
  })

  it('says what stays active when switching back fails too', async () => {
    const { run } = recorder(
      (action, input) =>
        action === 'update_campaign_status' ||
        (action === 'update_ad_status' && input.status === 'PAUSED')
    )
    const failure = await publishInOrder(STEPS, run, true).catch((error) => error)
    expect(failure.reverted).toEqual(['the ad set “Spring set”'])
    expect(failure.stuck).toEqual(['the ad “Spring ad”'])
    expect(failure.message).toContain(
      'The ad “Spring ad” could not be switched back and is active, but nothing delivers while the campaign “Spring” is paused.'
    )
  })

  it('a refused preview changes nothing and is thrown as it is', async () => {
    const { calls, run } = recorder((action) => action === 'update_ad_set_status')
    const failure = await publishInOrder(STEPS, run, false).catch((error) => error)
    expect(failure).toBeInstanceOf(ApiError)
    expect(calls).toEqual(['update_ad_status ACTIVE', 'update_ad_set_status ACTIVE'])
  })
})
