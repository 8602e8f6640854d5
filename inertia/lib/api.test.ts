import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError, apiRequest, formatHttpError, readCsrfToken } from '~/lib/api'
import { isUnauthorizedError } from '~/lib/call_errors'
import { defaultQueryFn } from '~/lib/query_client'

afterEach(() => vi.unstubAllGlobals())

function stubFetch(status: number, body: string, statusText = '') {
  const fetchMock = vi.fn(
    async (_url: string, _init?: RequestInit) => new Response(body || null, { status, statusText })
  )
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

describe('formatHttpError', () => {
  it('is "<status>: <body>" and falls back to the status text', () => {
    expect(formatHttpError(404, 'Not here', 'Not Found')).toBe('404: Not here')
    expect(formatHttpError(502, '', 'Bad Gateway')).toBe('502: Bad Gateway')
  })
})

describe('apiRequest', () => {
  it('throws an ApiError with the spec message for non-2xx answers', async () => {
    stubFetch(401, '{"message":"Unauthorized"}', 'Unauthorized')
    const error = (await apiRequest('/api/tokens').catch((caught) => caught)) as ApiError
    expect(error).toBeInstanceOf(ApiError)
    expect(error.message).toBe('401: {"message":"Unauthorized"}')
    expect(isUnauthorizedError(error)).toBe(true)
  })
  it("keeps a 429's Retry-After seconds, its code and the server's message", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response('{"error":{"code":"rate_limited","message":"Slow down."}}', {
            status: 429,
            headers: { 'Retry-After': '42' },
          })
      )
    )
    const error = (await apiRequest('/api/tokens', { method: 'POST' }).catch(
      (caught) => caught
    )) as ApiError
    expect(error.status).toBe(429)
    expect(error.retryAfterSeconds).toBe(42)
    expect(error.code).toBe('rate_limited')
    expect(error.serverMessage).toBe('Slow down.')
  })
  it('uses the status text for an empty error body', async () => {
    stubFetch(500, '', 'Internal Server Error')
    await expect(apiRequest('/api/usage')).rejects.toThrow('500: Internal Server Error')
  })
  it('parses JSON and returns null for an empty 204', async () => {
    stubFetch(200, '{"total":3}')
    await expect(apiRequest('/api/usage')).resolves.toEqual({ total: 3 })
    stubFetch(204, '')
    await expect(apiRequest('/api/tokens/1', { method: 'DELETE' })).resolves.toBeNull()
  })
  it('sends cookies, JSON and the CSRF token on writes', async () => {
    vi.stubGlobal('document', { cookie: 'a=b; XSRF-TOKEN=abc%3D%3D; c=d' })
    const fetchMock = stubFetch(201, '{"token":"x"}')
    await apiRequest('/api/tokens', { method: 'POST', body: { name: 'k' } })
    const init = fetchMock.mock.calls[0][1] as RequestInit
    expect(init.credentials).toBe('include')
    expect(init.body).toBe('{"name":"k"}')
    expect(init.headers).toMatchObject({
      'Content-Type': 'application/json',
      'X-XSRF-TOKEN': 'abc==',
    })
  })
})

describe('isUnauthorizedError', () => {
  it('matches only 401 answers mentioning Unauthorized', () => {
    expect(isUnauthorizedError(new Error('401: Unauthorized'))).toBe(true)
    expect(isUnauthorizedError(new Error('403: Unauthorized'))).toBe(false)
    expect(isUnauthorizedError(new Error('401: '))).toBe(false)
    expect(isUnauthorizedError('401: Unauthorized')).toBe(false)
  })
})

describe('readCsrfToken', () => {
  it('decodes the XSRF-TOKEN cookie', () => {
    expect(readCsrfToken('XSRF-TOKEN=a%2Bb')).toBe('a+b')
    expect(readCsrfToken('other=1')).toBeUndefined()
  })
})

describe('defaultQueryFn', () => {
  it('GETs the query key segments joined by "/"', async () => {
    const fetchMock = stubFetch(200, '[]')
    await defaultQueryFn({
      queryKey: ['/api', 'recent-calls?limit=10'],
      signal: new AbortController().signal,
    } as any)
    expect(fetchMock.mock.calls[0][0]).toBe('/api/recent-calls?limit=10')
  })
})
