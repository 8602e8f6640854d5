import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import ApiToken from '#keys/models/api_token'
import DeviceAuthorization from '#keys/models/device_authorization'
import { displayPrefixOf, generateCliToken, hashApiKey } from '#keys/services/api_key_format'
import { OAuthError } from '#keys/services/oauth_error'
import {
  CLI_CLIENT_ID,
  CLI_TOKEN_LIFETIME_SECONDS,
  DEVICE_CODE_GRANT_TYPE,
  SLOW_DOWN_STEP_SECONDS,
} from '#keys/services/device_codes'

/** The successful token response, RFC 6749 §5.1. */
export interface CliTokenResponse {
  access_token: string
  token_type: 'Bearer'
  /** Seconds until the CLI token expires (90 days). */
  expires_in: number
}

/**
 * The device access token request (RFC 8628 §3.4-3.5), polled by the CLI:
 * - still waiting → `authorization_pending`; polled again before `interval` seconds have
 *   passed → `slow_down`, and the interval of this device code grows by 5 s for good;
 * - the user denied → `access_denied`; past `expires_in` → `expired_token`;
 * - approved → a CLI token (90 days), issued once: the code is then used up
 *   (`invalid_grant` afterwards), even for two polls racing each other.
 * @throws OAuthError with those codes, or `unsupported_grant_type`, `invalid_client` (401),
 *   `invalid_request`, `invalid_grant` for an unknown device code
 */
export class ExchangeDeviceCode {
  async execute(
    input: { grantType?: string | null; clientId?: string | null; deviceCode?: string | null },
    now: Date = new Date()
  ): Promise<CliTokenResponse> {
    if (input.grantType !== DEVICE_CODE_GRANT_TYPE) {
      throw new OAuthError(
        input.grantType ? 'unsupported_grant_type' : 'invalid_request',
        `grant_type must be ${DEVICE_CODE_GRANT_TYPE}.`
      )
    }
    if (!input.clientId) throw new OAuthError('invalid_request', 'client_id is required.')
    if (input.clientId !== CLI_CLIENT_ID) {
      throw new OAuthError('invalid_client', `Unknown client "${input.clientId}".`, 401)
    }
    if (!input.deviceCode) throw new OAuthError('invalid_request', 'device_code is required.')

    const request = await DeviceAuthorization.findBy(
      'device_code_hash',
      hashApiKey(input.deviceCode)
    )
    if (!request || request.clientId !== input.clientId) {
      throw new OAuthError('invalid_grant', 'Unknown device code.')
    }
    if (request.status === 'consumed') {
      throw new OAuthError('invalid_grant', 'This device code has already been used.')
    }
    if (now.getTime() >= request.expiresAt.toMillis()) {
      throw new OAuthError(
        'expired_token',
        'The device code has expired. Run `adrelay login` again.'
      )
    }
    if (request.status === 'denied') {
      throw new OAuthError('access_denied', 'The sign-in request was denied.')
    }
    if (request.status === 'approved') return this.#issue(request, now)

    const nowUtc = DateTime.fromJSDate(now, { zone: 'utc' })
    const tooSoon =
      request.lastPolledAt !== null &&
      now.getTime() - request.lastPolledAt.toMillis() < request.intervalSeconds * 1000
    request.lastPolledAt = nowUtc
    if (tooSoon) {
      request.intervalSeconds += SLOW_DOWN_STEP_SECONDS
      await request.save()
      throw new OAuthError(
        'slow_down',
        `Polling too fast: wait ${request.intervalSeconds} seconds between requests.`,
        400,
        { interval: request.intervalSeconds }
      )
    }
    await request.save()
    throw new OAuthError('authorization_pending', 'The user has not approved the request yet.')
  }

  /** Marks the approved request used and mints its token, in one transaction. */
  async #issue(request: DeviceAuthorization, now: Date): Promise<CliTokenResponse> {
    return db.transaction(async (trx) => {
      const claimed = await trx
        .from('device_authorizations')
        .where('id', request.id)
        .where('status', 'approved')
        .update({ status: 'consumed' })
      const affected = Array.isArray(claimed) ? Number(claimed[0]) : Number(claimed)
      if (affected !== 1 || request.userId === null) {
        throw new OAuthError('invalid_grant', 'This device code has already been used.')
      }
      const token = generateCliToken()
      await ApiToken.create(
        {
          userId: request.userId,
          kind: 'cli_token',
          name: request.deviceName,
          tokenHash: hashApiKey(token),
          displayPrefix: displayPrefixOf(token),
          expiresAt: DateTime.fromJSDate(now, { zone: 'utc' }).plus({
            seconds: CLI_TOKEN_LIFETIME_SECONDS,
          }),
        },
        { client: trx }
      )
      return { access_token: token, token_type: 'Bearer', expires_in: CLI_TOKEN_LIFETIME_SECONDS }
    })
  }
}

/** Lifetime of a CLI token in seconds (90 days), for the privacy page. */
export { CLI_TOKEN_LIFETIME_SECONDS } from '#keys/services/device_codes'
