import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'

/** Days a lead is kept after it arrived (LEAD_RETENTION_DAYS, default 90; the privacy page says it). */
export function leadRetentionDays(): number {
  return env.get('LEAD_RETENTION_DAYS') ?? 90
}

/** Deletes leads stored more than the retention period before `now`; returns how many. */
export async function pruneExpiredLeads(now: Date = new Date()): Promise<number> {
  const cutoff = DateTime.fromJSDate(now).toUTC().minus({ days: leadRetentionDays() })
  const deleted = await db
    .from('leads')
    .where('created_at', '<', cutoff.toFormat('yyyy-MM-dd HH:mm:ss'))
    .delete()
  return Number(Array.isArray(deleted) ? deleted[0] : deleted)
}
