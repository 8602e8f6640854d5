import { randomBytes } from 'node:crypto'
import app from '@adonisjs/core/services/app'
import encryption from '@adonisjs/core/services/encryption'
import Lead from '#leads/models/lead'
import LeadForm from '#leads/models/lead_form'
import LeadDelivery, { type LeadDeliveryStatus } from '#leads/models/lead_delivery'
import LeadForwarding from '#leads/models/lead_forwarding'
import { assertWebhookDestination } from '#shared/signed_webhooks'
import { AppError } from '#shared/errors'
import { withUserRowLocked } from '#shared/db_errors'

/** Forwarding destinations a user may keep. */
export const MAX_LEAD_FORWARDINGS_PER_USER = 10

/** A forwarding destination as the surfaces show it (never the full URL nor the secret). */
export interface LeadForwardingView {
  id: number
  name: string
  /** scheme://host of the destination */
  urlDisplay: string
  /** Meta form ids whose leads are forwarded; null = every form */
  formIds: string[] | null
  createdAt: string
}

function forwardingView(row: LeadForwarding): LeadForwardingView {
  return {
    id: row.id,
    name: row.name,
    urlDisplay: row.urlDisplay,
    formIds: row.formIds,
    createdAt: row.createdAt.toUTC().toISO()!,
  }
}

/**
 * Adds a destination that receives each new lead (with its answers) as signed JSON: a
 * signing secret (`whsec_` + 32 random bytes, base64url) is returned once here and stored
 * encrypted, like the URL. `formIds` limits it to some forms (each must be one of the user's
 * forms, as `list_lead_forms` remembers them); omitted or empty = every form. In production
 * the URL must be https and public (checked again, after DNS, at every delivery). Leads
 * stored before the destination was added are not sent.
 * @throws AppError 422 `url_invalid` | `url_not_allowed`; 404 `lead_form_not_found`;
 *   409 `forwarding_limit_reached`
 */
export class CreateLeadForwarding {
  async execute(
    userId: number,
    input: { name: string; url: string; formIds?: string[] | null }
  ): Promise<{ forwarding: LeadForwardingView; secret: string }> {
    const url = assertWebhookDestination(input.url, app.inProduction)
    const formIds = [...new Set(input.formIds ?? [])]
    if (formIds.length > 0) {
      const known = await LeadForm.query()
        .where('user_id', userId)
        .whereIn('meta_form_id', formIds)
        .select('meta_form_id')
      const missing = formIds.filter((id) => !known.some((form) => form.metaFormId === id))
      if (missing.length > 0) {
        throw new AppError(
          'lead_form_not_found',
          `You have no lead form with id ${missing[0]} (list_lead_forms lists yours).`,
          404,
          { field: 'formIds', formId: missing[0] }
        )
      }
    }
    const secret = `whsec_${randomBytes(32).toString('base64url')}`
    // Counted and inserted in one transaction (the user's row locked) so two concurrent adds
    // cannot pass the limit together.
    const forwarding = await withUserRowLocked(userId, async (trx) => {
      const count = await trx
        .from('lead_forwardings')
        .where('user_id', userId)
        .count('* as total')
        .first()
      if (Number(count?.total ?? 0) >= MAX_LEAD_FORWARDINGS_PER_USER) {
        throw new AppError(
          'forwarding_limit_reached',
          `You can have at most ${MAX_LEAD_FORWARDINGS_PER_USER} lead forwarding destinations; delete one first.`,
          409,
          { limit: MAX_LEAD_FORWARDINGS_PER_USER }
        )
      }
      return LeadForwarding.create(
        {
          userId,
          name: input.name,
          urlEncrypted: encryption.encrypt(url.toString()),
          // VARCHAR(255): a 253-character host with scheme and port can be 267.
          urlDisplay: url.origin.slice(0, 255),
          secretEncrypted: encryption.encrypt(secret),
          formIds: formIds.length > 0 ? formIds : null,
        },
        { client: trx }
      )
    })
    return { forwarding: forwardingView(forwarding), secret }
  }
}

/** The user's forwarding destinations, oldest first. */
export class ListLeadForwardings {
  async execute(userId: number): Promise<{ forwardings: LeadForwardingView[] }> {
    const rows = await LeadForwarding.query().where('user_id', userId).orderBy('id')
    return { forwardings: rows.map(forwardingView) }
  }
}

/**
 * Deletes one of the user's destinations; queued deliveries to it then fail ("deleted"),
 * its log entries stay with no destination name.
 * @throws AppError 404 `not_found` when the user has no destination with that id
 */
export class DeleteLeadForwarding {
  async execute(userId: number, id: number): Promise<{ deleted: true }> {
    const row = await LeadForwarding.query().where('user_id', userId).where('id', id).first()
    if (!row) throw new AppError('not_found', `You have no lead forwarding with id ${id}.`, 404)
    await row.delete()
    return { deleted: true }
  }
}

/** One entry of the forwarding delivery log (no answers). */
export interface LeadDeliveryView {
  id: number
  /** Meta lead id */
  leadId: string
  formId: string
  /** The destination's name, or null once deleted */
  forwardingName: string | null
  status: LeadDeliveryStatus
  attempts: number
  lastStatusCode: number | null
  lastError: string | null
  createdAt: string
  sentAt: string | null
}

/** The user's forwarding delivery log, newest first; `before` (a `nextCursor`) pages on. */
export class ListLeadDeliveries {
  async execute(
    userId: number,
    input: { limit?: number; before?: number }
  ): Promise<{ deliveries: LeadDeliveryView[]; nextCursor: number | null }> {
    const limit = input.limit ?? 20
    const query = LeadDelivery.query()
      .where('user_id', userId)
      .orderBy('id', 'desc')
      .limit(limit + 1)
    if (input.before) query.where('id', '<', input.before)
    const rows = await query
    const page = rows.slice(0, limit)
    const leads = await Lead.query()
      .whereIn(
        'id',
        page.map((row) => row.leadId)
      )
      .select('id', 'meta_lead_id', 'meta_form_id')
    const forwardings = await LeadForwarding.query().whereIn(
      'id',
      page.flatMap((row) => (row.forwardingId ? [row.forwardingId] : []))
    )
    return {
      deliveries: page.map((row) => {
        const lead = leads.find((item) => item.id === row.leadId)
        return {
          id: row.id,
          leadId: lead?.metaLeadId ?? '',
          formId: lead?.metaFormId ?? '',
          forwardingName: forwardings.find((item) => item.id === row.forwardingId)?.name ?? null,
          status: row.status,
          attempts: row.attempts,
          lastStatusCode: row.lastStatusCode,
          lastError: row.lastError,
          createdAt: row.createdAt.toUTC().toISO()!,
          sentAt: row.sentAt ? row.sentAt.toUTC().toISO()! : null,
        }
      }),
      nextCursor: rows.length > limit ? page[page.length - 1].id : null,
    }
  }
}
