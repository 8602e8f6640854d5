import { AppError } from '#shared/errors'

/**
 * Normalises an allowed origin as a browser sends it in `Origin` (RFC 6454 §6.1):
 * `scheme://host[:port]`, lower-case, default port dropped, no path, query or fragment.
 * `https` everywhere; `http` only for loopback hosts (localhost, 127.0.0.1, [::1]), so a
 * client portal served in clear text cannot be granted by mistake. Origins are matched
 * exactly, so a pattern (`https://*.example.com`) is refused rather than stored: it would
 * match no `Origin` a browser sends. The host must be a DNS name (letters, digits, hyphens
 * and underscores between dots, after IDNA: `URL` punycodes it), an IPv4 or a bracketed
 * IPv6 address.
 * @throws AppError 422 `validation_failed` naming `allowedOrigins.<index>`, with
 *   `fields[0].rule` `origin_pattern` for a wildcard and `origin` for anything else
 */
export function normalizeOrigin(value: string, index: number): string {
  const field = `allowedOrigins.${index}`
  const invalid = (why: string, rule = 'origin') =>
    new AppError('validation_failed', `${field}: ${why}`, 422, {
      field,
      fields: [{ field, message: why, rule }],
    })
  if (value.includes('*')) {
    throw invalid(
      'patterns are not supported: list each origin exactly, e.g. https://portal.example.com and https://app.example.com',
      'origin_pattern'
    )
  }
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw invalid('must be an origin such as https://portal.example.com')
  }
  if (!isHostName(url.hostname)) {
    throw invalid('must name a host such as portal.example.com (letters, digits and hyphens)')
  }
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw invalid('must use https (http only for localhost)')
  }
  if (
    (url.pathname !== '/' && url.pathname !== '') ||
    url.search ||
    url.hash ||
    url.username ||
    url.password ||
    /[?#]/.test(value)
  ) {
    throw invalid('must be an origin only: scheme, host and port, without a path')
  }
  return url.origin
}

/** A DNS name of non-empty labels, an IPv4 address (URL normalises it) or `[IPv6]`. */
function isHostName(hostname: string): boolean {
  if (hostname.startsWith('[')) return true
  return hostname
    .replace(/\.$/, '')
    .split('.')
    .every((label) => /^[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?$/.test(label))
}
