import { inject } from '@adonisjs/core'
import { MetaAccess, type MetaObjectType } from '#meta/services/meta_access'
import { endObject } from '#meta/actions/end_object'
import type { WriteResult } from '#meta/actions/write_preview'

/**
 * Archives a campaign, ad set or ad (see endObject). Preview unless `confirm: true`.
 * @throws AppError `meta_object_not_owned` (404), `meta_wrong_object_type` (422), Meta errors
 */
@inject()
export class ArchiveObject {
  constructor(private meta: MetaAccess) {}

  async execute(
    userId: number,
    input: { objectType: MetaObjectType; objectId: string; confirm?: boolean }
  ): Promise<WriteResult> {
    const session = await this.meta.forUser(userId)
    return endObject(session, input.objectType, input.objectId, 'archive', input.confirm)
  }
}
