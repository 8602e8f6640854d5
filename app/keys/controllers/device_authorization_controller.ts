import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { appUrl } from '#config/app'
import { RequestDeviceAuthorization } from '#keys/actions/request_device_authorization'
import { ExchangeDeviceCode } from '#keys/actions/exchange_device_code'
import { OAuthError } from '#keys/services/oauth_error'

/**
 * The OAuth 2.0 Device Authorization Grant endpoints (RFC 8628) for the adrelay CLI. Bodies
 * are form-encoded as RFC 8628 §3.1 / RFC 6749 §4.1.3 say (JSON is accepted too); answers
 * carry `Cache-Control: no-store` (RFC 6749 §5.1) and errors the OAuth shape
 * `{error, error_description}`.
 */
@inject()
export default class DeviceAuthorizationController {
  constructor(
    private requestAuthorization: RequestDeviceAuthorization,
    private exchange: ExchangeDeviceCode
  ) {}

  /** POST /oauth/device/code {client_id, device_name} → RFC 8628 §3.2 response */
  async code({ request, response }: HttpContext) {
    return this.#answer(response, () =>
      this.requestAuthorization.execute({
        clientId: stringField(request.input('client_id')),
        deviceName: stringField(request.input('device_name')),
        requesterIp: request.ip(),
        verificationUri: new URL('/device', appUrl).toString(),
      })
    )
  }

  /** POST /oauth/token {grant_type, device_code, client_id} → token or RFC 8628 §3.5 error */
  async token({ request, response }: HttpContext) {
    return this.#answer(response, () =>
      this.exchange.execute({
        grantType: stringField(request.input('grant_type')),
        clientId: stringField(request.input('client_id')),
        deviceCode: stringField(request.input('device_code')),
      })
    )
  }

  async #answer(response: HttpContext['response'], run: () => Promise<unknown>) {
    response.header('Cache-Control', 'no-store')
    response.header('Pragma', 'no-cache')
    try {
      return response.status(200).send(await run())
    } catch (error) {
      if (!(error instanceof OAuthError)) throw error
      if (error.status === 401) response.header('WWW-Authenticate', 'Basic realm="adrelay"')
      return response.status(error.status).send(error.toJSON())
    }
  }
}

function stringField(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null
}
