import { DateTime } from 'luxon'
import DeviceAuthorization from '#keys/models/device_authorization'
import { hashApiKey } from '#keys/services/api_key_format'
import { OAuthError } from '#keys/services/oauth_error'
import {
  CLI_CLIENT_ID,
  DEVICE_CODE_INTERVAL_SECONDS,
  DEVICE_CODE_LIFETIME_SECONDS,
  formatUserCode,
  generateDeviceCode,
  generateUserCode,
} from '#keys/services/device_codes'
import { sanitizeName } from '#shared/user_text'
import { toDbTimestamp } from '#shared/db_time'

/** The device authorization response, RFC 8628 §3.2 (snake_case, as OAuth clients read it). */
export interface DeviceAuthorizationResponse {
  device_code: string
  user_code: string
  verification_uri: string
  verification_uri_complete: string
  expires_in: number
  interval: number
}

/** Name stored when the CLI sends none (or only characters that are stripped). */
export const UNNAMED_DEVICE = 'Unnamed device'

/**
 * Starts a device sign-in (RFC 8628 §3.1-3.2): stores the request (device code hashed) and
 * answers the codes and where to enter them. `verificationUri` is the app's `/device` URL.
 * @throws OAuthError `invalid_request` without client_id, `invalid_client` (401) for any
 *   client other than `adrelay-cli`
 */
export class RequestDeviceAuthorization {
  async execute(
    input: {
      clientId?: string | null
      deviceName?: string | null
      requesterIp: string
      verificationUri: string
    },
    now: Date = new Date()
  ): Promise<DeviceAuthorizationResponse> {
    if (!input.clientId) throw new OAuthError('invalid_request', 'client_id is required.')
    if (input.clientId !== CLI_CLIENT_ID) {
      throw new OAuthError('invalid_client', `Unknown client "${input.clientId}".`, 401)
    }
    let deviceName = UNNAMED_DEVICE
    try {
      if (input.deviceName) deviceName = sanitizeName(input.deviceName, 'device_name')
    } catch {
      // Only unsafe characters: keep the placeholder rather than refuse the sign-in.
    }

    // Requests that ended more than a day ago free their user codes.
    await DeviceAuthorization.query()
      .where('expires_at', '<', toDbTimestamp(new Date(now.getTime() - 86_400_000)))
      .delete()

    const deviceCode = generateDeviceCode()
    const expiresAt = DateTime.fromJSDate(now, { zone: 'utc' }).plus({
      seconds: DEVICE_CODE_LIFETIME_SECONDS,
    })
    let userCode = ''
    for (let attempt = 0; ; attempt++) {
      userCode = generateUserCode()
      const taken = await DeviceAuthorization.findBy('user_code', userCode)
      if (!taken) break
      if (attempt === 5) throw new Error('Could not draw a free user code')
    }
    await DeviceAuthorization.create({
      deviceCodeHash: hashApiKey(deviceCode),
      userCode,
      clientId: input.clientId,
      deviceName,
      requesterIp: input.requesterIp,
      status: 'pending',
      userId: null,
      intervalSeconds: DEVICE_CODE_INTERVAL_SECONDS,
      lastPolledAt: null,
      expiresAt,
      decidedAt: null,
    })

    const shown = formatUserCode(userCode)
    const complete = new URL(input.verificationUri)
    complete.searchParams.set('user_code', shown)
    return {
      device_code: deviceCode,
      user_code: shown,
      verification_uri: input.verificationUri,
      verification_uri_complete: complete.toString(),
      expires_in: DEVICE_CODE_LIFETIME_SECONDS,
      interval: DEVICE_CODE_INTERVAL_SECONDS,
    }
  }
}
