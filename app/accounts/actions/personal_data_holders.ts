import app from '@adonisjs/core/services/app'
import { personalDataHolders } from '#start/personal_data'
import type { LazyPersonalDataHolder, PersonalDataHolder } from '#shared/personal_data'

/**
 * The personal-data holders listed in start/personal_data.ts, imported and built through the
 * container (so a test's swapped Stripe gateway or Graph client is the one they use), in the
 * listed order.
 */
export async function resolvePersonalDataHolders(
  list: LazyPersonalDataHolder[] = personalDataHolders
): Promise<PersonalDataHolder[]> {
  const holders: PersonalDataHolder[] = []
  for (const load of list) {
    const { default: Holder } = await load()
    holders.push(await app.container.make(Holder))
  }
  return holders
}
