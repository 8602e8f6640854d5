import { z } from 'zod'
import app from '@adonisjs/core/services/app'
import { defineAction } from '#registry/define_action'
import { GetAdAccount } from '#meta/actions/get_ad_account'
import { adAccountIdInput, adAccountOutput } from '#meta/tools/schemas'

/** `get_ad_account` */
export const getAdAccount = defineAction({
  module: 'meta',
  name: 'get_ad_account',
  title: 'Get a Meta ad account',
  description:
    "Reads one Meta ad account: name, currency, time zone, status, lifetime amount spent and spending limit (integer minor units). Use it to check how close an account is to its spending limit before changing budgets. Fails with meta_object_not_owned when the user's Meta connection cannot see the account.",
  input: z.object({ adAccountId: adAccountIdInput }),
  inputExample: { adAccountId: 'act_100000000001' },
  output: z.object({ adAccount: adAccountOutput }),
  annotations: {
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: true,
  },
  async handler(caller, input) {
    const action = await app.container.make(GetAdAccount)
    return action.execute(caller.userId, input)
  },
})
