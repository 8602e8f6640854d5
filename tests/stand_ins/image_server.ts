import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A 1 × 1 PNG. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64'
)

/**
 * A file server on loopback for the image-URL tests of upload_ad_image: `/photo.png` (an
 * image), `/page.html` (not an image), `/huge.png` (9 MB, streamed without a length),
 * `/redirect/photo` (to /photo.png), `/redirect?to=<url>` (anywhere), `/missing.png` (404).
 * Tests allow its origin through OUTBOUND_ALLOWED_ORIGINS' config (metaConfig.imageFetch).
 */
export class ImageServer {
  #server: Server | null = null
  url = ''

  async start() {
    const server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://image.invalid')
      if (url.pathname === '/photo.png') {
        response.writeHead(200, { 'content-type': 'image/png', 'content-length': PNG_BYTES.length })
        return response.end(PNG_BYTES)
      }
      if (url.pathname === '/page.html') {
        response.writeHead(200, { 'content-type': 'text/html' })
        return response.end('<!doctype html><title>Not an image</title>')
      }
      if (url.pathname === '/huge.png') {
        response.writeHead(200, { 'content-type': 'image/png' })
        const chunk = Buffer.alloc(1024 * 1024, 1)
        for (let index = 0; index < 9; index++)
          response.write(index === 0 ? Buffer.concat([PNG_BYTES, chunk]) : chunk)
        return response.end()
      }
      if (url.pathname === '/redirect/photo') {
        response.writeHead(302, { location: '/photo.png' })
        return response.end()
      }
      if (url.pathname === '/redirect') {
        response.writeHead(302, { location: url.searchParams.get('to') ?? '/' })
        return response.end()
      }
      response.writeHead(404, { 'content-type': 'text/plain' })
      response.end('not found')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    this.#server = server
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    return this.url
  }

  async stop() {
    const server = this.#server
    this.#server = null
    if (server) {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  }
}
