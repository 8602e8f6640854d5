import { z } from 'zod'
import app from '@adonisjs/core/services/app'
import { defineAction } from '#registry/define_action'
import { CreateAdCreative } from '#meta/actions/create_ad_creative'
import { PREVIEW_NOTE, creationAnnotations, nameInput, texts } from '#meta/tools/campaign_schemas'
import {
  adAccountIdInput,
  confirmInput,
  writeResultOutput,
  META_WRITE_FEATURE,
} from '#meta/tools/schemas'

/** `create_ad_creative` (plan feature automation_tools) */
export const createAdCreative = defineAction({
  module: 'meta',
  name: 'create_ad_creative',
  title: 'Create an ad creative',
  description: `Creates an ad creative in an ad account: the Facebook Page it runs as (list_pages), the link, primary text, headline and description, a call to action, and an image (upload_ad_image gives the hash) or a video. Several texts or images make a dynamic creative (Meta combines them; its ad set needs dynamicCreative: true). Refused before Meta is called with meta_creative_page_required without a Page, and meta_object_not_owned when the Page, image or video is not the account's. Next: create_ad. ${PREVIEW_NOTE}`,
  input: z.object({
    adAccountId: adAccountIdInput,
    name: nameInput('creative'),
    pageId: z
      .string()
      .regex(/^\d{1,25}$/)
      .optional()
      .describe('Facebook Page id the ad runs as; must be in list_pages for this ad account'),
    instagramUserId: z
      .string()
      .regex(/^\d{1,25}$/)
      .optional()
      .describe('Instagram account id to run as on Instagram (optional)'),
    link: z
      .string()
      .url()
      .max(2000)
      .optional()
      .describe('Where people go (https URL); required for image creatives'),
    messages: texts('Primary text(s) above the media'),
    headlines: texts('Headline(s) below the media'),
    descriptions: texts('Description(s) under the headline'),
    callToAction: z
      .enum([
        'LEARN_MORE',
        'SHOP_NOW',
        'SIGN_UP',
        'SUBSCRIBE',
        'DOWNLOAD',
        'BOOK_NOW',
        'CONTACT_US',
        'GET_OFFER',
        'GET_QUOTE',
        'APPLY_NOW',
        'ORDER_NOW',
        'WATCH_MORE',
        'SEE_MORE',
        'BUY_NOW',
        'INSTALL_MOBILE_APP',
        'MESSAGE_PAGE',
        'WHATSAPP_MESSAGE',
        'NO_BUTTON',
      ])
      .optional()
      .describe('Button on the ad (Meta call_to_action type)'),
    imageHash: z
      .string()
      .regex(/^[A-Za-z0-9:_-]{6,64}$/)
      .optional()
      .describe('Image hash from upload_ad_image'),
    imageHashes: z
      .array(z.string().regex(/^[A-Za-z0-9:_-]{6,64}$/))
      .max(10)
      .optional()
      .describe('More image hashes (dynamic creative)'),
    videoId: z
      .string()
      .regex(/^\d{1,25}$/)
      .optional()
      .describe('Video id from the ad account video library, instead of an image'),
    confirm: confirmInput,
  }),
  inputExample: {
    adAccountId: 'act_100000000001',
    name: 'Trail running 15s - Shop now',
    pageId: '300000000000001',
    link: 'https://example.com/trail-running',
    messages: ['Everything you need for your first trail run.'],
    headlines: ['Trail running kit'],
    callToAction: 'SHOP_NOW',
    videoId: '400000000000001',
  },
  output: writeResultOutput,
  annotations: creationAnnotations,
  feature: META_WRITE_FEATURE,
  async handler(caller, input) {
    const action = await app.container.make(CreateAdCreative)
    return action.execute(caller.userId, input)
  },
})
