import DeviceAuthorization from '#keys/models/device_authorization'
import { AppError } from '#shared/errors'
import { toDbTimestamp } from '#shared/db_time'
import { formatUserCode, normaliseUserCode } from '#keys/services/device_codes'
import type { DeviceDecision, PendingDeviceAuthorization } from '#keys/types'

function notFound() {
  return new AppError(
    'invalid_user_code',
    'That code is not valid, was already used or has expired. Check the code in your terminal.',
    404
  )
}

/**
 * The signed-in side of device sign-in: look a user code up, then approve or deny it. A code
 * is usable once: only a pending, unexpired request can be decided. Wrong entries are rate
 * limited by the caller (see `deviceCodeEntryLimiter`).
 */
export class DecideDeviceAuthorization {
  /**
   * The pending request behind `userCode` (any case, dash optional).
   * @throws AppError 404 `invalid_user_code`
   */
  async find(userCode: string, now: Date = new Date()): Promise<PendingDeviceAuthorization> {
    const request = await this.#pending(userCode, now)
    return {
      userCode: formatUserCode(request.userCode),
      deviceName: request.deviceName,
      requesterIp: request.requesterIp,
      requestedAt: request.createdAt.toUTC().toISO()!,
      expiresAt: request.expiresAt.toUTC().toISO()!,
    }
  }

  /**
   * Approves (the CLI's next poll gets a token for `userId`) or denies (`access_denied`).
   * @throws AppError 404 `invalid_user_code` when the code is not pending any more
   */
  async decide(
    userId: number,
    userCode: string,
    decision: 'approve' | 'deny',
    now: Date = new Date()
  ): Promise<DeviceDecision> {
    const request = await this.#pending(userCode, now)
    const status = decision === 'approve' ? 'approved' : 'denied'
    // Conditional on still pending: two tabs deciding at once cannot both win.
    const updated = await DeviceAuthorization.query()
      .where('id', request.id)
      .where('status', 'pending')
      .update({ status, userId, decidedAt: toDbTimestamp(now) })
    const affected = Array.isArray(updated) ? Number(updated[0]) : Number(updated)
    if (affected !== 1) throw notFound()
    return { status, deviceName: request.deviceName }
  }

  async #pending(userCode: string, now: Date) {
    const code = normaliseUserCode(userCode)
    if (!code) throw notFound()
    const request = await DeviceAuthorization.query()
      .where('user_code', code)
      .where('status', 'pending')
      .where('expires_at', '>', toDbTimestamp(now))
      .first()
    if (!request) throw notFound()
    return request
  }
}
