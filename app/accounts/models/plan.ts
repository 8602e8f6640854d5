import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { PlanId } from '#accounts/plan_catalog'

const jsonList = {
  prepare: (value: string[]) => JSON.stringify(value ?? []),
  consume: (value: string | string[] | null) =>
    Array.isArray(value) ? value : value ? (JSON.parse(value) as string[]) : [],
}

/** A row of the plans table (written from `PLAN_CATALOG`); Stripe ids are filled by billing:sync. */
export default class Plan extends BaseModel {
  @column({ isPrimary: true })
  declare id: PlanId

  @column()
  declare name: string

  @column()
  declare landingName: string

  /** Monthly price in minor units of `currency`. */
  @column()
  declare priceCents: number

  @column()
  declare currency: string

  @column()
  declare requestLimit: number

  @column(jsonList)
  declare features: string[]

  @column(jsonList)
  declare limitations: string[]

  @column({ consume: (value) => Boolean(value) })
  declare popular: boolean

  @column()
  declare sortOrder: number

  @column({ serializeAs: null })
  declare stripeProductId: string | null

  @column({ serializeAs: null })
  declare stripePriceId: string | null
}
