import { z } from 'zod'
import app from '@adonisjs/core/services/app'
import { defineAction } from '#registry/define_action'
import { SetAccountSpendCap } from '#meta/actions/set_account_spend_cap'
import {
  adAccountIdInput,
  confirmInput,
  writeResultOutput,
  META_WRITE_FEATURE,
} from '#meta/tools/schemas'

/** `set_account_spend_cap` (plan feature automation_tools) */
export const setAccountSpendCap = defineAction({
  module: 'meta',
  name: 'set_account_spend_cap',
  title: 'Set an ad account spending limit',
  description:
    "Sets (or removes, with spendCap null) the spending limit of a whole Meta ad account: once the account's lifetime amount spent reaches it, all its ads stop. Amount in integer minor units of the account currency (100000 = 1,000.00). Without confirm: true it only previews the change; the preview warns when the new limit is not above what the account already spent (which stops every ad at once). A risk-management guard rail.",
  input: z.object({
    adAccountId: adAccountIdInput,
    spendCap: z
      .number()
      .int()
      .positive()
      .nullable()
      .describe(
        'New spending limit in integer minor units of the account currency; null removes the limit'
      ),
    confirm: confirmInput,
  }),
  inputExample: { adAccountId: 'act_100000000001', spendCap: 1000000 },
  output: writeResultOutput,
  annotations: {
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: true,
    openWorldHint: true,
  },
  feature: META_WRITE_FEATURE,
  async handler(caller, input) {
    const action = await app.container.make(SetAccountSpendCap)
    return action.execute(caller.userId, input)
  },
})
