import { AppError } from '#shared/errors'

/**
 * Normalises an allowed origin as a browser sends it in `Origin` (RFC 6454 §6.1):
 * `scheme://host[:port]`, lower-case, default port dropped, no path, query or fragment.
 * `https` everywhere; `http` only for loopback hosts (localhost, 127.0.0.1, [::1]), so a
 * client portal served in clear text cannot be granted by mistake.
 * @throws AppError 422 `validation_failed` naming `allowedOrigins.<index>`
 */
export function normalizeOrigin(value: string, index: number): string {
  const field = `allowedOrigins.${index}`
  const invalid = (why: string) =>
    new AppError('validation_failed', `${field}: ${why}`, 422, {
      field,
      fields: [{ field, message: why, rule: 'origin' }],
    })
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw invalid('must be an origin such as https://portal.example.com')
  }
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw invalid('must use https (http only for localhost)')
  }
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash || url.username) {
    throw invalid('must be an origin only: scheme, host and port, without a path')
  }
  return url.origin
}
