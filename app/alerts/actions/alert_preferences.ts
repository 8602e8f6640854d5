import { IANAZone } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { AlertType } from '#alerts/events'
import AlertSettings from '#alerts/models/alert_settings'
import {
  parseMinute,
  resolveSettings,
  type AlertChannel,
  type ResolvedAlertSettings,
} from '#alerts/services/alert_defaults'
import { AppError } from '#shared/errors'
import { onceMoreOnUniqueViolation } from '#shared/db_errors'

/** A partial change of preferences; absent fields keep their value. */
export interface AlertPreferencesChange {
  channels?: Partial<Record<AlertType, AlertChannel[]>>
  timeZone?: string
  quietHours?: { start: string; end: string } | null
  digest?: { enabled: boolean; hour: number }
  spendThresholdMinor?: number | null
}

/** Reads a user's alert preferences, defaults filled in. */
export class GetAlertPreferences {
  async execute(userId: number): Promise<ResolvedAlertSettings> {
    return resolveSettings(await AlertSettings.find(userId))
  }
}

/**
 * Changes a user's alert preferences (only the fields given) and returns them all.
 * @throws AppError 422 `validation_failed` for an unknown IANA time zone
 */
export class UpdateAlertPreferences {
  async execute(userId: number, change: AlertPreferencesChange): Promise<ResolvedAlertSettings> {
    if (change.timeZone !== undefined && !IANAZone.isValidZone(change.timeZone)) {
      throw new AppError(
        'validation_failed',
        `timeZone: "${change.timeZone}" is not an IANA time zone (e.g. Europe/Paris).`,
        422,
        { field: 'timeZone' }
      )
    }
    // Two first saves at once (MySQL) both find no row; the second insert is refused and runs
    // again, as an update of the first's row.
    return onceMoreOnUniqueViolation(() => this.#save(userId, change))
  }

  #save(userId: number, change: AlertPreferencesChange) {
    return db.transaction(async (trx) => {
      const row =
        (await AlertSettings.query({ client: trx }).where('user_id', userId).first()) ??
        new AlertSettings().merge({ userId, channels: {}, timeZone: 'UTC', digestHour: 8 })
      row.useTransaction(trx)
      if (change.channels) row.channels = { ...row.channels, ...change.channels }
      if (change.timeZone !== undefined) row.timeZone = change.timeZone
      if (change.quietHours !== undefined) {
        row.quietStartMinute = change.quietHours ? parseMinute(change.quietHours.start) : null
        row.quietEndMinute = change.quietHours ? parseMinute(change.quietHours.end) : null
      }
      if (change.digest) {
        row.digestEnabled = change.digest.enabled
        row.digestHour = change.digest.hour
      }
      if (change.spendThresholdMinor !== undefined) {
        row.spendThresholdMinor = change.spendThresholdMinor
      }
      row.quietStartMinute ??= null
      row.quietEndMinute ??= null
      row.digestEnabled ??= false
      row.spendThresholdMinor ??= null
      await row.save()
      return resolveSettings(row)
    })
  }
}
