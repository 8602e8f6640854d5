import { createHash } from 'node:crypto'
import { inject } from '@adonisjs/core'
import { fileTypeFromBuffer } from 'file-type'
import { AppError } from '#shared/errors'
import { fetchPublicUrl, PUBLIC_FETCH_ERRORS } from '#shared/public_http'
import metaConfig from '#config/meta'
import { MetaAccess } from '#meta/services/meta_access'
import { appliedResult, previewResult, type WriteResult } from '#meta/actions/write_preview'
import { sendPlan } from '#meta/actions/write_plan'

export interface UploadAdImageInput {
  adAccountId: string
  /** The image, base64 (standard or URL-safe alphabet). */
  bytes?: string
  /** An http(s) URL the server fetches under the SSRF rules of #shared/public_http. */
  url?: string
  name?: string
  confirm?: boolean
}

/** Formats the adimages edge takes (Marketing API Ad Image). */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/bmp', 'image/tiff']

/**
 * Adds an image to an ad account's library (`POST /act_<id>/adimages` with `bytes`, base64)
 * and returns its hash, which creatives reference (`imageHash`). The image comes as base64
 * `bytes` or as a `url` the server fetches under the shared SSRF rules (public addresses only,
 * each redirect re-checked, size-capped). The file must be a JPEG, PNG, GIF, BMP or TIFF
 * (checked from its bytes) of at most 8 MB. The preview already fetches and checks the image
 * and shows the hash it will have (MD5 of the bytes, as Meta computes it); nothing is sent to
 * Meta without `confirm: true`.
 * @throws AppError 422 `validation_failed`, `image_not_supported`, `image_too_large`,
 *   `url_invalid`, `url_not_allowed`, `url_too_many_redirects`, `url_fetch_failed`; 502
 *   `url_fetch_failed` (network); 404 `meta_object_not_owned`; Meta errors
 */
@inject()
export class UploadAdImage {
  constructor(private meta: MetaAccess) {}

  async execute(userId: number, input: UploadAdImageInput): Promise<WriteResult> {
    if (Boolean(input.bytes) === Boolean(input.url)) {
      throw new AppError(
        'validation_failed',
        'Give the image as bytes (base64) or as a url, one of the two.',
        422,
        {
          field: 'bytes',
        }
      )
    }
    const session = await this.meta.forUser(userId)
    const account = await session.ownedAdAccount(input.adAccountId)
    const bytes = input.bytes ? decodeBase64(input.bytes) : await fetchImage(input.url!)
    const limits = metaConfig.imageFetch
    if (bytes.byteLength > limits.maxBytes) throw imageTooLarge(limits.maxBytes)
    const type = await fileTypeFromBuffer(bytes)
    if (!type || !IMAGE_MIME_TYPES.includes(type.mime)) {
      throw new AppError(
        'image_not_supported',
        `The file is ${type ? `a ${type.mime} file` : 'not a recognised image'}; upload a JPEG, PNG, GIF, BMP or TIFF.`,
        422,
        { field: input.bytes ? 'bytes' : 'url', detectedType: type?.mime ?? null }
      )
    }
    const hash = createHash('md5').update(bytes).digest('hex')
    const name = input.name ?? fileName(input.url) ?? `image.${type.ext}`
    const base64 = bytes.toString('base64')
    const request = {
      method: 'POST' as const,
      path: `${account.id}/adimages`,
      params: { bytes: base64, name },
    }
    const base = {
      objectType: 'ad_image' as const,
      objectId: null as string | null,
      name,
      adAccountId: account.id,
      currency: account.currency,
      changes: [
        { field: 'hash', before: null, after: hash },
        { field: 'bytes', before: null, after: bytes.byteLength },
        { field: 'type', before: null, after: type.mime },
      ],
      // The image itself is left out of the shown request (it is the file just checked).
      requests: [
        { ...request, params: { bytes: `<${bytes.byteLength} bytes, base64, md5 ${hash}>`, name } },
      ],
      warnings: [] as string[],
    }
    if (!input.confirm) {
      return {
        ...previewResult(base),
        message: 'Preview only: the image was checked but not uploaded.',
      }
    }
    const body = await sendPlan(session, request, account)
    const uploaded: any = Object.values(body?.images ?? {})[0] ?? {}
    const object = {
      hash: String(uploaded.hash ?? hash),
      url: uploaded.url ?? null,
      width: uploaded.width ?? null,
      height: uploaded.height ?? null,
      name,
      adAccountId: account.id,
    }
    return {
      ...appliedResult({ ...base, objectId: object.hash }, object, true),
      message: `Uploaded: use imageHash ${object.hash} in create_ad_creative.`,
    }
  }
}

function decodeBase64(value: string) {
  const cleaned = value.replace(/^data:[^;]+;base64,/, '').replace(/\s+/g, '')
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(cleaned) || cleaned.length === 0) {
    throw new AppError('validation_failed', 'bytes must be the image encoded in base64.', 422, {
      field: 'bytes',
    })
  }
  return Buffer.from(cleaned.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
}

async function fetchImage(url: string) {
  const limits = metaConfig.imageFetch
  try {
    const result = await fetchPublicUrl(url, {
      maxBytes: limits.maxBytes,
      timeoutMs: limits.timeoutMs,
      maxRedirects: limits.maxRedirects,
      accept: 'image/*',
      allowedOrigins: limits.allowedOrigins,
    })
    if (result.status < 200 || result.status >= 300) {
      throw new AppError('url_fetch_failed', `The URL answered HTTP ${result.status}.`, 422, {
        field: 'url',
        status: result.status,
      })
    }
    if (result.contentType && !result.contentType.startsWith('image/')) {
      throw new AppError(
        'image_not_supported',
        `The URL serves ${result.contentType}, not an image.`,
        422,
        { field: 'url', detectedType: result.contentType }
      )
    }
    return result.body
  } catch (error) {
    if (error instanceof AppError && error.code === PUBLIC_FETCH_ERRORS.tooLarge) {
      throw imageTooLarge(limits.maxBytes)
    }
    if (error instanceof AppError && !error.details.field) {
      throw new AppError(error.code, error.message, error.status, {
        ...error.details,
        field: 'url',
      })
    }
    throw error
  }
}

function imageTooLarge(maxBytes: number) {
  return new AppError(
    'image_too_large',
    `The image is larger than ${maxBytes / 1024 / 1024} MB.`,
    422,
    {
      maxBytes,
    }
  )
}

function fileName(url: string | undefined) {
  if (!url) return null
  try {
    const last = new URL(url).pathname.split('/').filter(Boolean).pop()
    return last ? decodeURIComponent(last).slice(0, 100) : null
  } catch {
    return null
  }
}
