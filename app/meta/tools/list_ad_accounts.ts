import { z } from 'zod'
import app from '@adonisjs/core/services/app'
import { defineAction } from '#registry/define_action'
import { ListAdAccounts } from '#meta/actions/list_ad_accounts'
import { adAccountOutput } from '#meta/tools/schemas'

/** `list_ad_accounts` */
export const listAdAccounts = defineAction({
  module: 'meta',
  name: 'list_ad_accounts',
  title: 'List Meta ad accounts',
  description:
    "Lists every Meta ad account the user's connected Meta account can access: id (act_...), name, currency, time zone, status, lifetime amount spent and spending limit (money in integer minor units of the account's currency). Start here: every other Meta tool needs an ad account id or the id of a campaign, ad set or ad inside one of these accounts.",
  input: z.object({}),
  inputExample: {},
  output: z.object({ adAccounts: z.array(adAccountOutput) }),
  annotations: {
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: true,
  },
  async handler(caller) {
    const action = await app.container.make(ListAdAccounts)
    return action.execute(caller.userId)
  },
})
