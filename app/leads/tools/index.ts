import { z } from 'zod'
import app from '@adonisjs/core/services/app'
import { defineAction } from '#registry/define_action'
import { ListLeadForms, ListLeads } from '#leads/actions/list_leads'
import {
  CreateLeadForwarding,
  DeleteLeadForwarding,
  ListLeadDeliveries,
  ListLeadForwardings,
} from '#leads/actions/lead_forwardings'

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
  inputExample: {},
  output: z.object({
    forms: z.array(
      z.object({
        id: z.string().describe('Lead form id'),
        pageId: z.string().describe('Facebook Page id'),
        pageName: z.string().describe('Facebook Page name'),
        name: z.string().describe('Form name'),
        status: z.string().describe('ACTIVE or ARCHIVED'),
        leadsCount: z.number().int().nullable().describe('Leads Meta counts on the form'),
        storedLeads: z
          .number()
          .int()
          .describe('Leads of the form stored in Adrelay (within the retention period)'),
        lastLeadAt: z
          .string()
          .nullable()
          .describe('ISO 8601 time of the newest stored lead, or null'),
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
  inputExample: { formId: '500000000000001', limit: 25 },
  output: z.object({
    leads: z.array(
      z.object({
        id: z.string().describe('Meta lead id'),
        formId: z.string().describe('Lead form id'),
        adId: z.string().nullable().describe('Ad the lead came from, or null (organic)'),
        adSetId: z.string().nullable().describe('Ad set the lead came from, or null'),
        campaignId: z.string().nullable().describe('Campaign the lead came from, or null'),
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

const writeAnnotations = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: false,
  openWorldHint: false,
}

const formIdSchema = z.string().regex(/^\d+$/, 'Expected a numeric form id')

const forwardingSchema = z.object({
  id: z.number().int().describe('Forwarding id'),
  name: z.string().describe('Name'),
  urlDisplay: z.string().describe('Scheme and host of the destination (never the full URL)'),
  formIds: z
    .array(z.string())
    .nullable()
    .describe('Form ids whose leads are forwarded; null = every form'),
  createdAt: z.string().describe('ISO 8601'),
})

/** `create_lead_forwarding` (plan feature lead_tracking: Agency) */
export const createLeadForwarding = defineAction({
  module: 'leads',
  name: 'create_lead_forwarding',
  title: 'Forward leads to a webhook',
  description:
    'Adds a destination (n8n, Zapier, a CRM) that receives every new lead, with its answers, as a JSON POST signed with HMAC-SHA256 (header Adrelay-Signature: t=<unix seconds>,v1=<hex>, over "<t>.<body>"; event header Adrelay-Event: lead.received). formIds limits it to some forms (ids from list_lead_forms); omit for every form. The signing secret is returned once, in this answer only. Failed calls are retried with backoff and logged (list_lead_deliveries). Leads stored before it was added are not sent.',
  input: z.object({
    name: z.string().trim().min(1).max(100).describe('A name to recognise it by'),
    url: z.string().max(2000).describe('The destination URL (https and public in production)'),
    formIds: z
      .array(formIdSchema)
      .max(50)
      .optional()
      .describe('Only leads of these forms (ids from list_lead_forms); omit for every form'),
  }),
  inputExample: {
    name: 'CRM intake',
    url: 'https://crm.example.com/hooks/adrelay-leads',
    formIds: ['500000000000001'],
  },
  output: z.object({
    forwarding: forwardingSchema,
    secret: z.string().describe('Signing secret (whsec_…), shown once'),
  }),
  annotations: writeAnnotations,
  feature: 'lead_tracking',
  async handler(caller, input) {
    return new CreateLeadForwarding().execute(caller.userId, input)
  },
})

/** `list_lead_forwardings` (plan feature lead_tracking: Agency) */
export const listLeadForwardings = defineAction({
  module: 'leads',
  name: 'list_lead_forwardings',
  title: 'List lead forwardings',
  description:
    "Lists the account's lead forwarding destinations (name, destination host, forms). Full URLs and secrets are never returned.",
  input: z.object({}),
  inputExample: {},
  output: z.object({ forwardings: z.array(forwardingSchema) }),
  annotations: { ...readAnnotations, openWorldHint: false },
  feature: 'lead_tracking',
  async handler(caller) {
    return new ListLeadForwardings().execute(caller.userId)
  },
})

/** `delete_lead_forwarding` (plan feature lead_tracking: Agency) */
export const deleteLeadForwarding = defineAction({
  module: 'leads',
  name: 'delete_lead_forwarding',
  title: 'Delete a lead forwarding',
  description:
    'Deletes one lead forwarding destination (id from list_lead_forwardings); it receives no more leads.',
  input: z.object({ id: z.number().int().positive().describe('Forwarding id') }),
  inputExample: { id: 3 },
  output: z.object({ deleted: z.literal(true) }),
  annotations: { ...writeAnnotations, destructiveHint: true },
  feature: 'lead_tracking',
  async handler(caller, input) {
    return new DeleteLeadForwarding().execute(caller.userId, input.id)
  },
})

/** `list_lead_deliveries` (plan feature lead_tracking: Agency) */
export const listLeadDeliveries = defineAction({
  module: 'leads',
  name: 'list_lead_deliveries',
  title: 'List lead deliveries',
  description:
    'The lead forwarding delivery log, newest first: lead and form ids, destination, status (queued = waiting for an attempt or a retry, sent, failed), attempts, the last HTTP status and error. No answers.',
  input: z.object({
    limit: z
      .number()
      .int()
      .min(1)
      .max(100)
      .optional()
      .describe('Entries per page, 1-100 (default 20)'),
    before: z
      .number()
      .int()
      .positive()
      .optional()
      .describe('Cursor: nextCursor of the previous page'),
  }),
  inputExample: { limit: 20 },
  output: z.object({
    deliveries: z.array(
      z.object({
        id: z.number().int().describe('Delivery id'),
        leadId: z.string().describe('Meta lead id'),
        formId: z.string().describe('Lead form id'),
        forwardingName: z.string().nullable().describe('Destination name, or null once deleted'),
        status: z.enum(['queued', 'sent', 'failed']).describe('Delivery state'),
        attempts: z.number().int().describe('Attempts made'),
        lastStatusCode: z.number().int().nullable().describe('Last HTTP status answered'),
        lastError: z.string().nullable().describe('Last error, or null'),
        createdAt: z.string().describe('ISO 8601'),
        sentAt: z.string().nullable().describe('ISO 8601, or null'),
      })
    ),
    nextCursor: z.number().int().nullable().describe('Pass as before for the next page'),
  }),
  annotations: { ...readAnnotations, openWorldHint: false },
  feature: 'lead_tracking',
  async handler(caller, input) {
    return new ListLeadDeliveries().execute(caller.userId, input)
  },
})

/** The leads module's published actions (collected by app/automation/registry). */
export const leadsTools = [
  listLeadForms,
  listLeads,
  createLeadForwarding,
  listLeadForwardings,
  deleteLeadForwarding,
  listLeadDeliveries,
]
