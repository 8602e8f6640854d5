import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { AppError } from '#shared/errors'

/**
 * After `meteredApi({ countRequest: false })` (which verified the bearer credential without
 * counting it and set `ctx.apiKey`; it lives beside it): lets only CLI tokens through. API keys automate ads; managing keys and
 * reading usage reports needs the person's own sign-in (`adrelay login`).
 * @throws AppError 403 `cli_token_required`
 */
export function requireCliToken(ctx: HttpContext, next: NextFn) {
  if (ctx.apiKey?.kind !== 'cli_token') {
    throw new AppError(
      'cli_token_required',
      'This endpoint needs a CLI token: sign in with `adrelay login`. API keys cannot manage keys or read usage reports.',
      403
    )
  }
  return next()
}
