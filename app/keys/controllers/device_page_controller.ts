import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { errors as limiterErrors } from '@adonisjs/limiter'
import { DecideDeviceAuthorization } from '#keys/actions/decide_device_authorization'
import { deviceCodeEntryLimiter, rateLimitedError } from '#start/limiter'
import { deviceDecisionValidator, deviceLookupValidator } from '#keys/validators/device'

/** Session key of the page to return to after sign-in (read by the sessions controller). */
export const RETURN_TO_SESSION_KEY = 'returnTo'

/**
 * The signed-in half of device sign-in: the /device page, and its two session endpoints
 * (look a code up, approve or deny it). Wrong codes are rate limited per user.
 */
@inject()
export default class DevicePageController {
  constructor(private decisions: DecideDeviceAuthorization) {}

  /**
   * GET /device[?user_code=XXXX-XXXX]: signed out, remember the URL and sign in first (the
   * sign-in comes back here); signed in, the page with the code pre-filled.
   */
  async show({ auth, inertia, request, response, session }: HttpContext) {
    if (!auth.user) {
      session.put(RETURN_TO_SESSION_KEY, request.url(true))
      return response.redirect('/api/login')
    }
    const userCode = request.qs().user_code
    return inertia.render('device/index', {
      userCode: typeof userCode === 'string' ? userCode.slice(0, 16) : '',
    })
  }

  /** POST /api/device/lookup {userCode} → the pending request's device name, IP and time */
  async lookup({ auth, request }: HttpContext) {
    const { userCode } = await request.validateUsing(deviceLookupValidator)
    return this.#limited(auth.user!.id, () => this.decisions.find(userCode))
  }

  /** POST /api/device/decision {userCode, decision: approve|deny} → {status, deviceName} */
  async decide({ auth, request }: HttpContext) {
    const { userCode, decision } = await request.validateUsing(deviceDecisionValidator)
    return this.#limited(auth.user!.id, () =>
      this.decisions.decide(auth.user!.id, userCode, decision)
    )
  }

  /**
   * Runs a user-code entry under the wrong-entry limit (start/limiter.ts): the attempt is
   * counted before the code is looked up (so parallel guesses cannot all pass one check), and
   * a right code gives back only its own attempt. Earlier wrong entries stay counted: with the
   * limiter's `penalize` a right code reset the count, so anyone could keep guessing by
   * entering a code of their own every nine tries.
   * @throws AppError 429 `rate_limited` once 10 wrong entries are counted
   */
  async #limited<T>(userId: number, run: () => Promise<T>): Promise<T> {
    const limiter = deviceCodeEntryLimiter()
    const key = `device_code_entry:user:${userId}`
    try {
      await limiter.consume(key)
    } catch (error) {
      if (error instanceof limiterErrors.E_TOO_MANY_REQUESTS) throw rateLimitedError(error)
      throw error
    }
    const result = await run()
    await limiter.decrement(key)
    return result
  }
}
