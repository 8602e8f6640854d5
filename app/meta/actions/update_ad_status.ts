import { inject } from '@adonisjs/core'
import { MetaAccess } from '#meta/services/meta_access'
import { updateStatus, type WritableStatus } from '#meta/actions/update_status'
import type { WriteResult } from '#meta/actions/write_preview'

/**
 * Pauses or activates an ad (`POST /<id>` with `status`). Without `confirm: true` it only
 * returns a preview (`{preview: true, changes: [{field: 'status', before, after}]}`).
 * @throws AppError `meta_object_not_owned` (404), `meta_wrong_object_type` (422),
 *   `invalid_meta_id` (422), `meta_not_connected` (409), Meta errors
 */
@inject()
export class UpdateAdStatus {
  constructor(private meta: MetaAccess) {}

  async execute(
    userId: number,
    input: { adId: string; status: WritableStatus; confirm?: boolean }
  ): Promise<WriteResult> {
    const session = await this.meta.forUser(userId)
    return updateStatus(session, 'ad', input.adId, input.status, input.confirm === true)
  }
}
