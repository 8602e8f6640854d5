import { z } from 'zod'
import app from '@adonisjs/core/services/app'
import { defineAction } from '#registry/define_action'
import { ListLeadForms, ListLeads } from '#leads/actions/list_leads'

const readAnnotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: true,
}

/** `list_lead_forms` (plan feature lead_tracking: Agency) */
export const listLeadForms = defineAction({
  module: 'leads',
  name: 'list_lead_forms',
  title: 'List lead forms',
  description:
    "Lists the Meta Lead Ads forms (instant forms) of the Facebook Pages the account's ad accounts promote: id, name, status, lead count and Page. Use a form id with list_leads.",
  input: z.object({}),
  output: z.object({
    forms: z.array(
      z.object({
        id: z.string().describe('Lead form id'),
        pageId: z.string().describe('Facebook Page id'),
        pageName: z.string().describe('Facebook Page name'),
        name: z.string().describe('Form name'),
        status: z.string().describe('ACTIVE or ARCHIVED'),
        leadsCount: z.number().int().nullable().describe('Leads Meta counts on the form'),
      })
    ),
  }),
  annotations: readAnnotations,
  feature: 'lead_tracking',
  async handler(caller) {
    const action = await app.container.make(ListLeadForms)
    return action.execute(caller.userId)
  },
})

/** `list_leads` (plan feature lead_tracking: Agency) */
export const listLeads = defineAction({
  module: 'leads',
  name: 'list_leads',
  title: 'List leads',
  description:
    "Lists leads from Meta Lead Ads forms, newest first, with each person's answers (fieldData: [{name, values}] as Meta returns them, e.g. full_name, email, phone_number). New leads are pulled from Meta before answering. Filter by formId (from list_lead_forms); page with before = nextCursor. Lead data is personal data: handle it as the account's privacy notice says.",
  input: z.object({
    formId: z
      .string()
      .regex(/^\d+$/, 'Expected a numeric form id')
      .optional()
      .describe('Only leads of this form (id from list_lead_forms)'),
    limit: z
      .number()
      .int()
      .min(1)
      .max(100)
      .optional()
      .describe('Leads per page, 1-100 (default 25)'),
    before: z
      .number()
      .int()
      .positive()
      .optional()
      .describe('Cursor: nextCursor of the previous page'),
  }),
  output: z.object({
    leads: z.array(
      z.object({
        id: z.string().describe('Meta lead id'),
        formId: z.string().describe('Lead form id'),
        adId: z.string().nullable().describe('Ad the lead came from, or null (organic)'),
        createdTime: z.string().describe('ISO 8601 instant the form was submitted'),
        fieldData: z
          .array(z.object({ name: z.string(), values: z.array(z.string()) }))
          .describe('Answers: question name and values'),
        receivedVia: z.enum(['poll', 'webhook']).describe('How Adrelay received it'),
      })
    ),
    nextCursor: z.number().int().nullable().describe('Pass as before for the next page'),
  }),
  annotations: readAnnotations,
  feature: 'lead_tracking',
  async handler(caller, input) {
    const action = await app.container.make(ListLeads)
    return action.execute(caller.userId, input)
  },
})

/** The leads module's published actions (collected by app/automation/registry). */
export const leadsTools = [listLeadForms, listLeads]
