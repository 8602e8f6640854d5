// @vitest-environment jsdom
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import client, { isCancel, type InertiaHttpResponse } from '~/lib/inertia_http_client'

/**
 * The client against a loopback HTTP server, through jsdom's XMLHttpRequest (real requests),
 * with the page's location set to the server's: what Inertia's router sees for each kind of
 * answer. jsdom's XMLHttpRequest keeps the origin the window was created with, so the server
 * also answers CORS (preflight, exposed headers) as a browser on its origin would not need.
 */
interface Seen {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: string
}

let server: Server
let origin: string
const seen: Seen[] = []

beforeAll(async () => {
  server = createServer((request, response) => {
    response.setHeader('Access-Control-Allow-Origin', request.headers.origin ?? '*')
    response.setHeader('Access-Control-Expose-Headers', 'X-Inertia, X-Inertia-Location')
    if (request.method === 'OPTIONS') {
      response.writeHead(204, {
        'Access-Control-Allow-Methods': 'GET, POST',
        'Access-Control-Allow-Headers': request.headers['access-control-request-headers'] ?? '',
      })
      response.end()
      return
    }
    let body = ''
    request.on('data', (chunk) => (body += chunk))
    request.on('end', () => {
      seen.push({ method: request.method!, url: request.url!, headers: request.headers, body })
      const path = request.url!.split('?')[0]
      if (path === '/page') {
        response.writeHead(200, { 'X-Inertia': 'true', 'Content-Type': 'application/json' })
        response.end('{"component":"landing"}')
      } else if (path === '/stale') {
        response.writeHead(409, { 'X-Inertia-Location': `${origin}/page` })
        response.end()
      } else if (path === '/slow') {
        setTimeout(() => response.end('late'), 2_000)
      } else {
        response.writeHead(200)
        response.end('ok')
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  ;(globalThis as any).jsdom.reconfigure({ url: `${origin}/` })
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const last = () => seen[seen.length - 1]

describe('inertia_http_client', () => {
  it('resolves a 2xx answer with its status, lower-case headers and text body', async () => {
    const response = await client({
      method: 'get',
      url: `${origin}/page`,
      params: { page: 2, tags: ['a', 'b'] },
      headers: { 'X-Inertia': true, 'Accept': 'text/html, application/xhtml+xml' },
      responseType: 'text',
    })
    expect(response.status).toBe(200)
    expect(response.headers['x-inertia']).toBe('true')
    expect(response.data).toBe('{"component":"landing"}')
    expect(decodeURIComponent(last().url)).toBe('/page?page=2&tags[]=a&tags[]=b')
    expect(last().headers['x-inertia']).toBe('true')
    expect(last().headers['x-xsrf-token']).toBeUndefined()
  })

  it('rejects any other status with the answer attached, as the router expects', async () => {
    const error = await client({ method: 'get', url: `${origin}/stale` }).catch((e) => e)
    const response = error.response as InertiaHttpResponse
    expect(response.status).toBe(409)
    expect(response.headers['x-inertia-location']).toBe(`${origin}/page`)
    expect(isCancel(error)).toBe(false)
  })

  it('sends a plain object as JSON and a same-origin write with the XSRF cookie as header', async () => {
    document.cookie = 'XSRF-TOKEN=token%3D1'
    await client({ method: 'post', url: `${origin}/echo`, data: { name: 'Rule' } })
    expect(last().method).toBe('POST')
    expect(last().headers['content-type']).toMatch(/^application\/json/)
    expect(JSON.parse(last().body)).toEqual({ name: 'Rule' })
    expect(last().headers['x-xsrf-token']).toBe('token=1')
  })

  it('rejects an aborted request as cancelled, and a refused connection as a network error', async () => {
    const controller = new AbortController()
    const pending = client({ method: 'get', url: `${origin}/slow`, signal: controller.signal })
    setTimeout(() => controller.abort(), 50)
    const cancelled = await pending.catch((e) => e)
    expect(isCancel(cancelled)).toBe(true)
    expect(client.isCancel(cancelled)).toBe(true)

    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    const failed = await client({ method: 'get', url: `http://127.0.0.1:${port}/` }).catch((e) => e)
    expect(failed).toBeInstanceOf(Error)
    expect(failed.response).toBeUndefined()
    expect(isCancel(failed)).toBe(false)
  })
})
