import { z } from 'zod'
import app from '@adonisjs/core/services/app'
import { defineAction } from '#registry/define_action'
import { UploadAdImage } from '#meta/actions/upload_ad_image'
import { creationAnnotations } from '#meta/tools/campaign_schemas'
import {
  adAccountIdInput,
  confirmInput,
  writeResultOutput,
  META_WRITE_FEATURE,
} from '#meta/tools/schemas'

/** `upload_ad_image` (plan feature automation_tools) */
export const uploadAdImage = defineAction({
  module: 'meta',
  name: 'upload_ad_image',
  title: 'Upload an ad image',
  description:
    "Adds an image to an ad account's image library and returns its hash for create_ad_creative. Give the image as base64 bytes (request bodies are limited to 1 MB, so about 700 KB of image) or as a public http(s) URL the server downloads (up to 8 MB; loopback, private and link-local addresses are refused, redirects are re-checked). JPEG, PNG, GIF, BMP or TIFF, checked from the file itself. The preview downloads and checks the image and shows its hash; confirm: true uploads it.",
  input: z.object({
    adAccountId: adAccountIdInput,
    bytes: z
      .string()
      // 8 MB of image in base64 (the session's multipart upload runs this action with its
      // file); a JSON body itself stays capped at 1 MB.
      .max(11_200_000)
      .optional()
      .describe('The image encoded in base64 (give this or url)'),
    url: z
      .string()
      .url()
      .max(2000)
      .optional()
      .describe('Public http(s) URL of the image (give this or bytes)'),
    name: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .optional()
      .describe('File name shown in the library (default: from the URL)'),
    confirm: confirmInput,
  }),
  inputExample: {
    adAccountId: 'act_100000000001',
    bytes:
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    name: 'tent-square.png',
  },
  output: writeResultOutput,
  annotations: { ...creationAnnotations, idempotentHint: true },
  feature: META_WRITE_FEATURE,
  async handler(caller, input) {
    const action = await app.container.make(UploadAdImage)
    return action.execute(caller.userId, input)
  },
})
