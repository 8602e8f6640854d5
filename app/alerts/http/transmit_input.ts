import { z } from 'zod'
import type { Route } from '@adonisjs/core/http'
import type { MiddlewareFn } from '@adonisjs/core/types/http'
import { parseInput } from '#registry/action_registry'

/** Longest stream id accepted; the transmit client sends a UUID (36 characters). */
export const MAX_TRANSMIT_UID_LENGTH = 100

/** Longest channel name accepted; ours are `users/<id>/notifications`. */
export const MAX_TRANSMIT_CHANNEL_LENGTH = 200

const uid = z
  .string({ error: 'Give the stream id (uid) as a string.' })
  .min(1, 'Give the stream id (uid).')
  .max(
    MAX_TRANSMIT_UID_LENGTH,
    `The stream id is longer than ${MAX_TRANSMIT_UID_LENGTH} characters.`
  )
  .describe('Id of the browser’s event stream, chosen by the transmit client')

const channel = z
  .string({ error: 'Give the channel as a string.' })
  .min(1, 'Give the channel.')
  .max(
    MAX_TRANSMIT_CHANNEL_LENGTH,
    `The channel is longer than ${MAX_TRANSMIT_CHANNEL_LENGTH} characters.`
  )
  .describe('Channel to join or leave, e.g. users/42/notifications')

/** Query of `GET /__transmit/events` (opens the stream). */
export const transmitStreamInput = z.object({ uid })

/** Body of `POST /__transmit/subscribe` and `POST /__transmit/unsubscribe`. */
export const transmitSubscriptionInput = z.object({ uid, channel })

/**
 * The input check for one of the routes `transmit.registerRoutes` adds: `/__transmit/events`
 * needs `uid`; `/__transmit/subscribe` and `/__transmit/unsubscribe` need `uid` and `channel`
 * (each a non-empty string of bounded length). The package's controllers read them with
 * `request.input` and fail with a TypeError (500) on anything else, so the check reads them the
 * same way and runs before the controller, after the session guard and CSRF.
 *
 * @throws AppError 422 `validation_failed` with `field` (`uid` or `channel`) and `fields`
 */
export function transmitInputMiddleware(route: Route): MiddlewareFn {
  const streams = route.getPattern().endsWith('/events')
  return ({ request }, next) => {
    if (streams) {
      parseInput(transmitStreamInput, { uid: request.input('uid') })
    } else {
      parseInput(transmitSubscriptionInput, {
        uid: request.input('uid'),
        channel: request.input('channel'),
      })
    }
    return next()
  }
}
