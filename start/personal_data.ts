/*
| Who holds personal data (app/shared/personal_data.ts). `GET /api/account/export` writes one
| section per entry of each holder, in this order; `DELETE /api/account` runs each holder's
| `erase` in this order, then deletes the user row. A module that stores anything about a user
| adds one line here, pointing at its `app/<module>/personal_data.ts`, e.g.
|
|   () => import('#rules/personal_data'),
|
| Order: credentials and sessions end first (nothing new can be written), outside services
| next (Stripe, Meta), the bulk data, and the audit log last.
*/
import type { LazyPersonalDataHolder } from '#shared/personal_data'

export const personalDataHolders: LazyPersonalDataHolder[] = [
  () => import('#accounts/personal_data'),
  () => import('#keys/personal_data'),
  () => import('#billing/personal_data'),
  () => import('#meta/personal_data'),
  () => import('#usage/personal_data'),
  () => import('#rules/personal_data'),
  () => import('#alerts/personal_data'),
  () => import('#leads/personal_data'),
  () => import('#embeds/personal_data'),
  () => import('#admin/personal_data'),
]
