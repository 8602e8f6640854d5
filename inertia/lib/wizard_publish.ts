import { actionFailure } from '~/lib/campaigns'
import type { WriteResult } from '~/types'

/** One status write of Publish: the action, its input without `status`, and what it is. */
export interface PublishStep {
  action: string
  input: Record<string, unknown>
  /** `the ad “Spring ad”` */
  what: string
}

type Run = (action: string, input: Record<string, unknown>) => Promise<WriteResult>

/** Publishing stopped part-way: what Meta refused and what was switched back. */
export class PublishStopped extends Error {
  constructor(
    message: string,
    readonly refusal: unknown,
    /** What was active, switched back to PAUSED. */
    readonly reverted: string[],
    /** What could not be switched back and stays ACTIVE. */
    readonly stuck: string[]
  ) {
    super(message)
    this.name = 'PublishStopped'
  }
}

/**
 * Publish: `steps` switched to ACTIVE in order (ad, ad set, campaign, so nothing delivers
 * before the last one is on). Without `confirm` every step is previewed. With it, a refusal
 * part-way switches what was already activated back to PAUSED, in reverse order, and throws
 * `PublishStopped` saying what Meta refused and what was undone (or could not be).
 */
export async function publishInOrder(
  steps: PublishStep[],
  run: Run,
  confirm: boolean
): Promise<WriteResult[]> {
  const results: WriteResult[] = []
  const done: PublishStep[] = []
  for (const step of steps) {
    try {
      results.push(await run(step.action, { ...step.input, status: 'ACTIVE', confirm }))
    } catch (error) {
      if (!confirm || done.length === 0) throw error
      const reverted: string[] = []
      const stuck: string[] = []
      for (const previous of [...done].reverse()) {
        try {
          await run(previous.action, { ...previous.input, status: 'PAUSED', confirm: true })
          reverted.push(previous.what)
        } catch {
          stuck.push(previous.what)
        }
      }
      const reason = actionFailure(error).message
      const undone =
        stuck.length === 0
          ? `${joined(reverted)} ${reverted.length === 1 ? 'was' : 'were'} switched back to paused, so nothing delivers.`
          : `${joined(stuck)} could not be switched back and ${stuck.length === 1 ? 'is' : 'are'} active, but nothing delivers while ${step.what} is paused.`
      throw new PublishStopped(
        `Publishing stopped at ${step.what}: ${reason} ${capitalized(undone)}`,
        error,
        reverted,
        stuck
      )
    }
    done.push(step)
  }
  return results
}

function joined(items: string[]) {
  return items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`
}

function capitalized(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1)
}
