import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { currentToasts, dismissToast } from '~/hooks/use_toast'
import { ApiError } from '~/lib/api'
import { createQueryClient } from '~/lib/query_client'

/** An ApiError as `apiRequest` builds it from an answer. */
function answer(status: number, body: unknown, retryAfterSeconds: number | null = null) {
  const text = typeof body === 'string' ? body : JSON.stringify(body)
  return new ApiError(status, text, `${status}: ${text}`, retryAfterSeconds)
}

/** The toast on screen as `title / description`. */
function shownToast() {
  const [entry] = currentToasts().filter((candidate) => candidate.open)
  return entry ? `${entry.title} / ${entry.description}` : null
}

let location: { href: string }

beforeEach(() => {
  vi.useFakeTimers()
  location = { href: '/profile' }
  vi.stubGlobal('window', { location })
  dismissToast()
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

/** Runs one failing query through a fresh app QueryClient. */
async function failQuery(error: unknown, meta?: Record<string, unknown>) {
  const client = createQueryClient()
  await client
    .fetchQuery({ queryKey: ['/api/x'], queryFn: () => Promise.reject(error), meta })
    .catch(() => {})
}

/** Runs one failing mutation through a fresh app QueryClient. */
async function failMutation(error: unknown, variables: unknown, meta: Record<string, unknown>) {
  const client = createQueryClient()
  const mutation = client.getMutationCache().build(client, {
    mutationFn: () => Promise.reject(error),
    meta,
  })
  await mutation.execute(variables).catch(() => {})
}

describe('the one error handler of queries and mutations (spec §8)', () => {
  it('a 401 Unauthorized shows the Unauthorized toast and goes to /api/login after 500 ms', async () => {
    await failQuery(answer(401, { message: 'Unauthorized' }), {
      errorToast: { description: 'not this one' },
    })
    expect(shownToast()).toBe('Unauthorized / You are logged out. Logging in again...')
    vi.advanceTimersByTime(499)
    expect(location.href).toBe('/profile')
    vi.advanceTimersByTime(1)
    expect(location.href).toBe('/api/login')
  })

  it("a 403 admin_required shows 'Access Denied' and goes to / after 500 ms", async () => {
    await failMutation(
      answer(403, { error: { code: 'admin_required', message: 'Admins only.' } }),
      undefined,
      { errorToast: { description: 'not this one' } }
    )
    expect(shownToast()).toBe('Access Denied / Admin access required.')
    vi.advanceTimersByTime(500)
    expect(location.href).toBe('/')
  })

  it("a 429 shows 'Too Many Requests' with the server's message", async () => {
    await failMutation(
      answer(
        429,
        { error: { code: 'rate_limited', message: 'Too many attempts. Try again in 42 seconds.' } },
        42
      ),
      undefined,
      { errorToast: { description: 'Failed to generate API key. Please try again.' } }
    )
    expect(shownToast()).toBe('Too Many Requests / Too many attempts. Try again in 42 seconds.')
  })

  it('a 429 without a message says when to retry from Retry-After', async () => {
    await failQuery(answer(429, '', 30))
    expect(shownToast()).toBe('Too Many Requests / Too many attempts. Try again in 30 seconds.')
  })

  it("otherwise the call's own toast, 'Error' by default", async () => {
    await failMutation(answer(500, 'boom'), undefined, {
      errorToast: { description: 'Failed to revoke token. Please try again.' },
    })
    expect(shownToast()).toBe('Error / Failed to revoke token. Please try again.')
    await failMutation(answer(500, 'boom'), undefined, {
      errorToast: { title: 'Setup Error', description: 'There was an issue.' },
    })
    expect(shownToast()).toBe('Setup Error / There was an issue.')
  })

  it("a mutation's toast can depend on its variables", async () => {
    const meta = {
      errorToast: ({ suspend }: { suspend: boolean }) => ({
        description: suspend ? 'Failed to suspend.' : 'Failed to unsuspend.',
      }),
    }
    await failMutation(answer(500, ''), { suspend: false }, meta)
    expect(shownToast()).toBe('Error / Failed to unsuspend.')
  })

  it("the server's message replaces the call's text when the call prefers it", async () => {
    const meta = { errorToast: { description: 'Failed to load users.', preferServerMessage: true } }
    await failQuery(answer(422, { error: { code: 'x', message: 'Page too large.' } }), meta)
    expect(shownToast()).toBe('Error / Page too large.')
    await failQuery(answer(502, 'Bad Gateway'), meta)
    expect(shownToast()).toBe('Error / Failed to load users.')
  })

  it('a call without a toast of its own shows none (the page shows the error in place)', async () => {
    await failQuery(answer(500, 'boom'))
    expect(shownToast()).toBeNull()
    expect(location.href).toBe('/profile')
  })
})
