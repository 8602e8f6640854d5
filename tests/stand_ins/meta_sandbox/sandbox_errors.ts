import { randomBytes } from 'node:crypto'

/**
 * Meta-shaped errors of the sandbox (`{"error": {message, type, code, error_subcode,
 * error_user_title, error_user_msg, fbtrace_id}}`, Graph API "Handling Errors").
 */
export class GraphError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>
  ) {
    super(String(body.message))
  }
}

export function graphError(
  code: number,
  message: string,
  options: {
    subcode?: number
    type?: string
    status?: number
    isTransient?: boolean
    /** Meta's text for the person using the ad account (error_user_title / error_user_msg). */
    userTitle?: string
    userMessage?: string
  } = {}
) {
  return new GraphError(options.status ?? (code === 1 || code === 2 ? 500 : 400), {
    message,
    type: options.type ?? (code === 190 ? 'OAuthException' : 'OAuthException'),
    code,
    ...(options.subcode ? { error_subcode: options.subcode } : {}),
    ...(options.isTransient !== undefined ? { is_transient: options.isTransient } : {}),
    ...(options.userTitle ? { error_user_title: options.userTitle } : {}),
    ...(options.userMessage ? { error_user_msg: options.userMessage } : {}),
    fbtrace_id: `A${randomBytes(9).toString('base64url')}`,
  })
}

export function unsupported(objectId: string, method = 'get') {
  return graphError(
    100,
    `Unsupported ${method} request. Object with ID '${objectId}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
    { subcode: 33, type: 'GraphMethodException' }
  )
}

/**
 * Code 100 (invalid parameter) with a subcode and the user-facing title and message, the way
 * Meta answers a refused creation or update.
 */
export function invalidParameter(subcode: number, userTitle: string, userMessage: string) {
  return graphError(100, 'Invalid parameter', {
    subcode,
    userTitle,
    userMessage,
    type: 'OAuthException',
  })
}
