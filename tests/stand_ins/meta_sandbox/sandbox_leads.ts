import { DateTime } from 'luxon'
import { graphError } from '#stand_ins/meta_sandbox/sandbox_errors'

/** A Lead Ads form of a Page (Graph `LeadgenForm`). */
export interface SandboxLeadForm {
  id: string
  pageId: string
  name: string
  status: 'ACTIVE' | 'ARCHIVED'
  locale: string
  createdTime: string
}

/** A lead (Graph `Lead`): `field_data` is what the person typed. */
export interface SandboxLead {
  id: string
  formId: string
  createdTime: string
  adId: string | null
  adSetId: string | null
  campaignId: string | null
  isOrganic: boolean
  fieldData: Array<{ name: string; values: string[] }>
}

type Paged = (items: Array<Record<string, any>>, wanted: string[], type: string) => unknown

const FORM_FIELDS = ['id', 'name', 'status', 'locale', 'created_time', 'leads_count']
const LEAD_FIELDS = [
  'id',
  'created_time',
  'ad_id',
  'adset_id',
  'campaign_id',
  'form_id',
  'field_data',
  'is_organic',
]

/**
 * Lead Ads in the sandbox (Meta Lead Ads API, `leads_retrieval`): `GET /<page>/leadgen_forms`,
 * `GET /<form>/leads` (with Meta's `filtering=[{"field":"time_created","operator":
 * "GREATER_THAN","value":<unix seconds>}]`) and `GET /<lead>`. A Page is visible to a user
 * whose ad accounts may promote it. Tests add leads with `addLead` (a person submitting the
 * form), which returns the lead id a leadgen webhook would carry.
 */
export class SandboxLeads {
  forms = new Map<string, SandboxLeadForm>()
  leads = new Map<string, SandboxLead>()
  #next = 0

  constructor() {
    this.reset()
  }

  reset() {
    this.forms.clear()
    this.leads.clear()
    this.#next = 0
    const created = DateTime.utc().minus({ days: 20 }).startOf('second')
    this.forms.set('500000000000001', {
      id: '500000000000001',
      pageId: '300000000000001',
      name: 'Spring catalogue request',
      status: 'ACTIVE',
      locale: 'en_US',
      createdTime: created.toISO({ suppressMilliseconds: true })!,
    })
    this.forms.set('500000000000002', {
      id: '500000000000002',
      pageId: '300000000000002',
      name: 'Guided tour sign-up',
      status: 'ACTIVE',
      locale: 'en_GB',
      createdTime: created.toISO({ suppressMilliseconds: true })!,
    })
    this.addLead('500000000000001', { full_name: 'Sam Ortiz', email: 'sam@example.com' }, 2)
    this.addLead('500000000000001', { full_name: 'Kim Lee', email: 'kim@example.com' }, 1)
  }

  /** A person submits `formId` (`daysAgo` back in time); returns the new lead id. */
  addLead(formId: string, answers: Record<string, string>, daysAgo = 0): string {
    this.#next += 1
    const id = String(600_000_000_000_000n + BigInt(this.#next))
    const when = DateTime.utc().minus({ days: daysAgo }).startOf('second')
    this.leads.set(id, {
      id,
      formId,
      createdTime: when.toISO({ suppressMilliseconds: true })!,
      adId: '120230000000001',
      adSetId: '120220000000001',
      campaignId: '120210000000001',
      isOrganic: false,
      fieldData: Object.entries(answers).map(([name, value]) => ({ name, values: [value] })),
    })
    return id
  }

  /** Answers lead paths, or undefined when `node` is no Page, form or lead. */
  route(
    method: string,
    node: string,
    edge: string | undefined,
    params: Record<string, string>,
    visiblePageIds: string[],
    paged: Paged,
    grantedScopes: string[] = []
  ): unknown {
    const form = this.forms.get(node)
    const lead = this.leads.get(node)
    const isPage = edge === 'leadgen_forms'
    if (!isPage && !form && !lead) return undefined
    const pageId = isPage ? node : form ? form.pageId : this.forms.get(lead!.formId)?.pageId
    if (!pageId || !visiblePageIds.includes(pageId) || method !== 'GET') {
      throw graphError(
        100,
        `Unsupported get request. Object with ID '${node}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
        { subcode: 33 }
      )
    }
    // Reading leads needs leads_retrieval (Meta: "Lead Ads: Retrieving leads"); forms do not.
    if (
      ((form && edge === 'leads') || (lead && !edge)) &&
      !grantedScopes.includes('leads_retrieval')
    ) {
      throw graphError(200, '(#200) Requires leads_retrieval permission to access leads', {
        type: 'OAuthException',
      })
    }
    const wanted = (fallback: string[]) =>
      params.fields ? params.fields.split(',').map((field) => field.trim()) : fallback
    if (isPage) {
      const forms = [...this.forms.values()]
        .filter((candidate) => candidate.pageId === node)
        .map((candidate) => this.#formNode(candidate))
      return paged(forms, wanted(['id', 'name', 'status']), 'LeadgenForm')
    }
    if (form && edge === 'leads') {
      const after = timeCreatedAfter(params.filtering)
      const leads = [...this.leads.values()]
        .filter((candidate) => candidate.formId === form.id)
        .filter((candidate) => after === null || toUnix(candidate.createdTime) > after)
        .sort((a, b) => b.createdTime.localeCompare(a.createdTime))
        .map((candidate) => this.#leadNode(candidate))
      return paged(leads, wanted(['id', 'created_time', 'field_data']), 'Lead')
    }
    if (form && !edge) return pickOnly(this.#formNode(form), wanted(['id', 'name']))
    if (lead && !edge)
      return pickOnly(this.#leadNode(lead), wanted(['id', 'created_time', 'field_data']))
    throw graphError(100, `Tried accessing nonexisting field (${edge})`)
  }

  #formNode(form: SandboxLeadForm) {
    return {
      id: form.id,
      name: form.name,
      status: form.status,
      locale: form.locale,
      created_time: form.createdTime.replace('Z', '+0000'),
      leads_count: [...this.leads.values()].filter((lead) => lead.formId === form.id).length,
    }
  }

  #leadNode(lead: SandboxLead) {
    return {
      id: lead.id,
      created_time: lead.createdTime.replace('Z', '+0000'),
      ad_id: lead.adId,
      adset_id: lead.adSetId,
      campaign_id: lead.campaignId,
      form_id: lead.formId,
      field_data: lead.fieldData,
      is_organic: lead.isOrganic,
    }
  }
}

export const LEAD_FORM_FIELDS = FORM_FIELDS
export const LEAD_NODE_FIELDS = LEAD_FIELDS

function pickOnly(node: Record<string, any>, wanted: string[]) {
  const picked: Record<string, unknown> = {}
  for (const field of wanted) if (node[field] !== undefined) picked[field] = node[field]
  return picked
}

function toUnix(iso: string) {
  return Math.floor(Date.parse(iso) / 1000)
}

/** `time_created > value` from Meta's `filtering` parameter (JSON), or null. */
function timeCreatedAfter(filtering: string | undefined): number | null {
  if (!filtering) return null
  try {
    const rules = JSON.parse(filtering) as Array<{
      field: string
      operator: string
      value: unknown
    }>
    const rule = rules.find(
      (item) => item.field === 'time_created' && item.operator === 'GREATER_THAN'
    )
    return rule ? Number(rule.value) : null
  } catch {
    throw graphError(100, '(#100) filtering must be a JSON array')
  }
}
