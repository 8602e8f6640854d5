import type { HttpContext } from '@adonisjs/core/http'
import { safeEqual } from '@adonisjs/core/helpers'
import env from '#start/env'
import metaConfig from '#config/meta'
import { AppError } from '#shared/errors'
import { handleLeadgenPayload, validHubSignature } from '#leads/services/leadgen_webhook'

/**
 * Meta's leadgen webhook (Graph Webhooks, object `page`, field `leadgen`):
 * - `GET` is the subscription handshake: with `hub.mode=subscribe` and the configured
 *   `hub.verify_token` (META_WEBHOOK_VERIFY_TOKEN) it echoes `hub.challenge`, else 403;
 * - `POST` carries change notifications, signed `X-Hub-Signature-256` with the app secret;
 *   a bad or missing signature answers 401 and nothing is read.
 */
export default class LeadgenWebhookController {
  async verify({ request, response }: HttpContext) {
    const expected = env.get('META_WEBHOOK_VERIFY_TOKEN')
    const qs = request.qs()
    const given = qs['hub.verify_token']
    // A configured secret: compared in constant time, like the POST's signature.
    if (
      expected &&
      qs['hub.mode'] === 'subscribe' &&
      typeof given === 'string' &&
      safeEqual(expected, given)
    ) {
      return response.type('text/plain').send(String(qs['hub.challenge'] ?? ''))
    }
    throw new AppError('webhook_verification_failed', 'Unknown verify token.', 403)
  }

  async receive({ request }: HttpContext) {
    const raw = request.raw() ?? ''
    const secret = metaConfig.appSecret
    if (!secret || !validHubSignature(raw, request.header('x-hub-signature-256'), secret)) {
      throw new AppError('invalid_signature', 'The X-Hub-Signature-256 header does not match.', 401)
    }
    let payload: unknown
    try {
      payload = JSON.parse(raw)
    } catch {
      throw new AppError('validation_failed', 'The body is not JSON.', 400)
    }
    const stored = await handleLeadgenPayload(payload)
    return { received: true, stored }
  }
}
