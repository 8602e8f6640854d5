import { inject } from '@adonisjs/core'
import { AppError } from '#shared/errors'
import { MetaAccess } from '#meta/services/meta_access'
import { AD_CREATIVE_FIELDS, toAdCreative } from '#meta/services/normalize'
import { compactParams, runCreation } from '#meta/actions/write_plan'
import type { WriteResult } from '#meta/actions/write_preview'

export interface CreateAdCreativeInput {
  adAccountId: string
  name: string
  pageId?: string
  instagramUserId?: string
  link?: string
  /** Primary text; several make a dynamic creative. */
  messages?: string[]
  headlines?: string[]
  descriptions?: string[]
  callToAction?: string
  imageHash?: string
  /** More images for a dynamic creative. */
  imageHashes?: string[]
  videoId?: string
  confirm?: boolean
}

/**
 * Creates an ad creative (`POST /act_<id>/adcreatives`, Marketing API Ad Creative). One text of
 * each kind makes a single creative: `object_story_spec` with `link_data` (image) or
 * `video_data` (video). Several messages, headlines, descriptions or images make a dynamic
 * creative: `asset_feed_spec` (bodies, titles, descriptions, images, link_urls,
 * call_to_action_types, ad_formats) with the Page in `object_story_spec`; its ad set must be
 * created with `dynamicCreative: true`.
 *
 * Before Meta is called: a Page is required and must be one the ad account can promote
 * (`promote_pages`); image hashes must be in the account's library, the video in its videos.
 * @throws AppError 422 `meta_creative_page_required`, `validation_failed`; 404
 *   `meta_object_not_owned` (account, Page, image, video); 409 `meta_not_connected`; Meta errors
 */
@inject()
export class CreateAdCreative {
  constructor(private meta: MetaAccess) {}

  async execute(userId: number, input: CreateAdCreativeInput): Promise<WriteResult> {
    if (!input.pageId) {
      throw new AppError(
        'meta_creative_page_required',
        'A creative needs the Facebook Page it runs as: give pageId (list_pages shows the Pages this ad account can promote).',
        422,
        { field: 'pageId' }
      )
    }
    const images = [input.imageHash, ...(input.imageHashes ?? [])].filter((hash): hash is string =>
      Boolean(hash)
    )
    if (images.length > 0 && input.videoId) {
      throw new AppError('validation_failed', 'Give images or a video, not both.', 422, {
        field: 'videoId',
      })
    }
    if (images.length === 0 && !input.videoId) {
      throw new AppError(
        'validation_failed',
        'Give an imageHash (upload_ad_image) or a videoId.',
        422,
        {
          field: 'imageHash',
        }
      )
    }
    const messages = input.messages ?? []
    const headlines = input.headlines ?? []
    const descriptions = input.descriptions ?? []
    const dynamic =
      messages.length > 1 || headlines.length > 1 || descriptions.length > 1 || images.length > 1
    if (!input.link && !input.videoId) {
      throw new AppError('validation_failed', 'A link creative needs the link people go to.', 422, {
        field: 'link',
      })
    }

    const session = await this.meta.forUser(userId)
    const account = await session.ownedAdAccount(input.adAccountId)
    await session.assertInAccountEdge(account, 'promote_pages', [input.pageId], 'pageId')
    await session.assertImageHashes(account, images, input.imageHash ? 'imageHash' : 'imageHashes')
    if (input.videoId)
      await session.assertInAccountEdge(account, 'advideos', [input.videoId], 'videoId')

    const callToAction = input.callToAction
      ? { type: input.callToAction, ...(input.link ? { value: { link: input.link } } : {}) }
      : undefined
    const story: Record<string, unknown> = { page_id: input.pageId }
    if (input.instagramUserId) story.instagram_user_id = input.instagramUserId
    let assetFeed: Record<string, unknown> | undefined
    if (dynamic) {
      assetFeed = compactParams({
        images: images.length > 0 ? images.map((hash) => ({ hash })) : undefined,
        videos: input.videoId ? [{ video_id: input.videoId }] : undefined,
        bodies: messages.length > 0 ? messages.map((text) => ({ text })) : undefined,
        titles: headlines.length > 0 ? headlines.map((text) => ({ text })) : undefined,
        descriptions: descriptions.length > 0 ? descriptions.map((text) => ({ text })) : undefined,
        link_urls: input.link ? [{ website_url: input.link }] : undefined,
        call_to_action_types: [input.callToAction ?? 'LEARN_MORE'],
        ad_formats: [input.videoId ? 'SINGLE_VIDEO' : 'SINGLE_IMAGE'],
      })
    } else if (input.videoId) {
      story.video_data = compactParams({
        video_id: input.videoId,
        message: messages[0],
        title: headlines[0],
        link_description: descriptions[0],
        call_to_action: callToAction,
      })
    } else {
      story.link_data = compactParams({
        link: input.link,
        image_hash: images[0],
        message: messages[0],
        name: headlines[0],
        description: descriptions[0],
        call_to_action: callToAction,
      })
    }
    const params = compactParams({
      name: input.name,
      object_story_spec: story,
      asset_feed_spec: assetFeed,
    })
    return runCreation(session, {
      objectType: 'ad_creative',
      account,
      name: input.name,
      request: { method: 'POST', path: `${account.id}/adcreatives`, params },
      confirm: input.confirm,
      warnings: dynamic
        ? ['Dynamic creative: use it in an ad set created with dynamicCreative: true.']
        : [],
      read: async (id) =>
        toAdCreative(await session.get(id, { fields: AD_CREATIVE_FIELDS }, account.id)),
    })
  }
}
