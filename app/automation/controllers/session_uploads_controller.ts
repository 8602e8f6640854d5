import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { AppError } from '#shared/errors'
import { entitlementOf } from '#accounts/actions/resolve_entitlement'
import type { PlanId } from '#accounts/plan_catalog'
import { ActionRegistry } from '#registry/action_registry'
import metaConfig from '#config/meta'

/** The multipart field that carries the image. */
export const IMAGE_FIELD = 'image'

/** Text fields the upload takes besides the file (the rest of `upload_ad_image`'s input). */
const TEXT_FIELDS = ['adAccountId', 'name', 'confirm'] as const

/** Room for the text fields and multipart boundaries on top of the image itself. */
const ENVELOPE_BYTES = 64 * 1024

function tooLarge(maxBytes: number) {
  return new AppError(
    'image_too_large',
    `The image is larger than ${maxBytes / 1024 / 1024} MB, the most Adrelay uploads to Meta.`,
    413,
    { field: IMAGE_FIELD, maxBytes }
  )
}

/**
 * 422 `validation_failed` (field `image`) for a second file in `image`: one upload is one ad
 * image, and appending the parts would hand Meta a corrupt file under the second one's name.
 */
function oneImageOnly() {
  return new AppError('validation_failed', 'Send one image per upload.', 422, {
    field: IMAGE_FIELD,
    fields: [{ field: IMAGE_FIELD, message: 'Send one image per upload.', rule: 'one_file' }],
  })
}

/**
 * `POST /api/actions/upload_ad_image/file`: the web app's image upload as
 * `multipart/form-data` (fields `adAccountId`, optional `name`, `confirm` = "true", and the
 * file in `image`). JSON bodies are capped at 1 MB, which leaves about 700 KB of image once
 * base64-encoded; this route streams up to `metaConfig.imageFetch.maxBytes` (8 MB, the same cap
 * as images fetched by URL) and then runs the very `upload_ad_image` action through
 * `ActionRegistry.invoke` (plan gate, validation, ownership, image checks, preview unless
 * `confirm`). Session only (CSRF + requireUser), not metered, like the JSON session adapter.
 *
 * Errors: 413 `image_too_large` (more than 8 MB: the stream is cut there), 422
 * `validation_failed` (no file in `image`, a second file in it, or not multipart), 422
 * `image_not_supported` (not a JPEG/PNG/GIF/BMP/TIFF, read from the bytes), and every error of
 * the action.
 */
@inject()
export default class SessionUploadsController {
  constructor(private registry: ActionRegistry) {}

  async uploadAdImage({ request, auth }: HttpContext) {
    const maxBytes = metaConfig.imageFetch.maxBytes
    if (request.bodyType !== 'multipart' || !request.multipart) {
      throw new AppError(
        'validation_failed',
        `Send the image as multipart/form-data with the file in the "${IMAGE_FIELD}" field.`,
        422,
        { field: IMAGE_FIELD }
      )
    }
    const chunks: Buffer[] = []
    let size = 0
    let fileName: string | null = null
    let oversize = false
    let imageParts = 0
    request.multipart.onFile(IMAGE_FIELD, {}, async (part) => {
      if (++imageParts > 1) {
        // A second file would be appended to the first one's bytes: refuse the request
        // without reading it; the abort drains the rest of the body.
        request.multipart.abort(oneImageOnly())
        return
      }
      fileName = part.filename ?? null
      for await (const chunk of part as AsyncIterable<Buffer>) {
        size += chunk.length
        if (size > maxBytes) {
          // Stop buffering at once; the rest of the stream is drained by the abort.
          oversize = true
          chunks.length = 0
          request.multipart.abort(tooLarge(maxBytes))
          return
        }
        chunks.push(chunk)
      }
    })
    try {
      await request.multipart.process({ limit: maxBytes + ENVELOPE_BYTES })
    } catch (error) {
      if (oversize || (error as { status?: number }).status === 413) throw tooLarge(maxBytes)
      throw error
    }
    if (oversize) throw tooLarge(maxBytes)
    if (chunks.length === 0) {
      throw new AppError(
        'validation_failed',
        `Attach the image as a file in the "${IMAGE_FIELD}" field.`,
        422,
        { field: IMAGE_FIELD }
      )
    }

    const fields = request.all()
    const input: Record<string, unknown> = {
      bytes: Buffer.concat(chunks).toString('base64'),
    }
    for (const field of TEXT_FIELDS) {
      const value = fields[field]
      if (value === undefined || value === null || value === '') continue
      input[field] = field === 'confirm' ? value === 'true' || value === true : value
    }
    const unknown = Object.keys(fields).filter(
      (key) => key !== IMAGE_FIELD && !(TEXT_FIELDS as readonly string[]).includes(key)
    )
    if (unknown.length > 0) {
      throw new AppError(
        'validation_failed',
        `Unknown parameters: ${unknown.join(', ')}. Accepted: ${[IMAGE_FIELD, ...TEXT_FIELDS].join(', ')}.`,
        422,
        { field: unknown[0], unknownParameters: unknown }
      )
    }
    if (!input.name && fileName) input.name = String(fileName).slice(0, 100)

    const user = auth.user!
    const entitlement = await entitlementOf(user.id)
    return this.registry.invoke(
      'upload_ad_image',
      { userId: user.id, planId: entitlement.plan.id as PlanId, tokenId: null, surface: 'web' },
      input
    )
  }
}
