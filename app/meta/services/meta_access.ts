import { inject } from '@adonisjs/core'
import { DateTime } from 'luxon'
import { AppError } from '#shared/errors'
import type MetaConnection from '#meta/models/meta_connection'
import {
  GraphClient,
  type GraphPage,
  type GraphParams,
  type GraphRequest,
} from '#meta/services/graph_client'
import { MetaConnections } from '#meta/services/meta_connections'
import { AdAccountCache } from '#meta/services/ad_account_cache'
import {
  AD_ACCOUNT_FIELDS,
  AD_FIELDS,
  AD_SET_FIELDS,
  CAMPAIGN_FIELDS,
  toAdAccount,
  type AdAccount,
} from '#meta/services/normalize'

export type MetaObjectType = 'campaign' | 'ad_set' | 'ad'

/** What an id missing from an ad account edge is not, in words (`assertInAccountEdge`). */
const EDGE_WORDS = {
  promote_pages: 'a Page this ad account can promote',
  advideos: 'a video in this ad account',
  adspixels: 'a pixel this ad account can use',
} as const

const TYPE_FIELDS: Record<MetaObjectType, string> = {
  campaign: CAMPAIGN_FIELDS,
  ad_set: AD_SET_FIELDS,
  ad: AD_FIELDS,
}
const TYPE_LABEL: Record<MetaObjectType, string> = {
  campaign: 'campaign',
  ad_set: 'ad set',
  ad: 'ad',
}

export const notConnected = () =>
  new AppError(
    'meta_not_connected',
    'No Meta ads account is connected. Connect one on the Integrations page (/integrations).',
    409
  )

export const notOwned = (id: string) =>
  new AppError(
    'meta_object_not_owned',
    `Meta object ${id} is not in any ad account your Meta connection can see.`,
    404,
    { objectId: id }
  )

/** `act_123` / `123` → `act_123`; throws 422 for anything else. */
export function normalizeAdAccountId(id: string) {
  const match = /^(?:act_)?(\d{1,20})$/.exec(String(id).trim())
  if (!match) {
    throw new AppError('invalid_meta_id', `"${id}" is not an ad account id (act_<digits>).`, 422, {
      field: 'adAccountId',
    })
  }
  return `act_${match[1]}`
}

/** Campaign, ad set and ad ids are strings of digits. */
export function assertObjectId(id: string, field: string) {
  if (!/^\d{1,25}$/.test(String(id))) {
    throw new AppError('invalid_meta_id', `"${id}" is not a Meta object id (digits only).`, 422, {
      field,
    })
  }
  return String(id)
}

/**
 * Everything an action needs to call Meta as one user: their connection, their decrypted
 * token, and ownership checks against the ad accounts that token can see.
 *
 * A `meta_token_invalid` answer marks the connection `reconnect_required` (visible in the
 * status and on the Integrations page) before it is rethrown.
 */
export class MetaUserSession {
  constructor(
    readonly connection: MetaConnection,
    private accessToken: string,
    private client: GraphClient,
    private connections: MetaConnections,
    private cache: AdAccountCache
  ) {}

  /** One Graph call with the user's token. */
  async request<T = any>(request: Omit<GraphRequest, 'accessToken'>) {
    try {
      return await this.client.request<T>({ ...request, accessToken: this.accessToken })
    } catch (error) {
      if (error instanceof AppError && error.code === 'meta_token_invalid') {
        await this.connections.markReconnectRequired(this.connection, error.code)
      }
      throw error
    }
  }

  async get<T = any>(path: string, params: GraphParams = {}, adAccountId?: string | null) {
    const response = await this.request<T>({ method: 'GET', path, params, adAccountId })
    return response.body
  }

  async post<T = any>(path: string, params: GraphParams, adAccountId?: string | null) {
    const response = await this.request<T>({ method: 'POST', path, params, adAccountId })
    return response.body
  }

  /** One page of an edge (`after` cursor in, next cursor out). */
  async page<T = any>(
    path: string,
    params: GraphParams,
    options: { limit?: number; after?: string | null; adAccountId?: string | null } = {}
  ): Promise<GraphPage<T>> {
    try {
      return await this.client.page<T>({ path, params, accessToken: this.accessToken, ...options })
    } catch (error) {
      if (error instanceof AppError && error.code === 'meta_token_invalid') {
        await this.connections.markReconnectRequired(this.connection, error.code)
      }
      throw error
    }
  }

  /** The ad accounts the token can see (cached briefly unless `fresh`). */
  async adAccounts(options: { fresh?: boolean } = {}): Promise<AdAccount[]> {
    const key = `${this.connection.userId}:${this.connection.metaUserId}`
    if (!options.fresh) {
      const cached = this.cache.get(key)
      if (cached) return cached
    }
    const nodes: any[] = []
    let after: string | null = null
    for (let pageNumber = 0; pageNumber < 20; pageNumber++) {
      const page: GraphPage = await this.page(
        'me/adaccounts',
        { fields: AD_ACCOUNT_FIELDS },
        { limit: 100, after }
      )
      nodes.push(...page.data)
      if (!page.after) break
      after = page.after
    }
    const accounts = nodes.map(toAdAccount)
    this.cache.set(key, accounts)
    return accounts
  }

  /**
   * The ad account `id` (act_<digits> or digits) if the token can see it.
   * @throws AppError 404 `meta_object_not_owned`, 422 `invalid_meta_id`
   */
  async ownedAdAccount(id: string): Promise<AdAccount> {
    const normalized = normalizeAdAccountId(id)
    const find = (accounts: AdAccount[]) => accounts.find((account) => account.id === normalized)
    // A just-granted account may not be in the cache yet: look once more, fresh.
    const account = find(await this.adAccounts()) ?? find(await this.adAccounts({ fresh: true }))
    if (!account) throw notOwned(normalized)
    return account
  }

  /**
   * Reads a campaign, ad set or ad (with the module's standard fields, plus `extraFields`)
   * and checks it belongs to one of the user's ad accounts.
   * @throws AppError 404 `meta_object_not_owned` (unknown, invisible or foreign object),
   *   422 `meta_wrong_object_type` (the id is another kind of object)
   */
  async ownedObject(id: string, type: MetaObjectType, field: string) {
    assertObjectId(id, field)
    let node: any
    try {
      node = await this.get(id, { fields: TYPE_FIELDS[type] })
    } catch (error) {
      if (error instanceof AppError && error.details.metaCode === 100) {
        if (error.details.metaSubcode === 33) throw notOwned(id)
        throw new AppError(
          'meta_wrong_object_type',
          `Meta object ${id} is not a ${TYPE_LABEL[type]}.`,
          422,
          {
            objectId: id,
            field,
          }
        )
      }
      throw error
    }
    const accounts = await this.adAccounts()
    const account = accounts.find((candidate) => candidate.accountId === String(node.account_id))
    if (!account) throw notOwned(id)
    return { node, account }
  }

  /**
   * Reads any node that has an `account_id` (creative, campaign, ad set, ad) with `fields` and
   * checks it belongs to one of the user's ad accounts.
   * @throws AppError 404 `meta_object_not_owned` (unknown, invisible or foreign), 422
   *   `invalid_meta_id`
   */
  async ownedNode(id: string, field: string, fields: string) {
    assertObjectId(id, field)
    let node: any
    try {
      node = await this.get(id, { fields })
    } catch (error) {
      if (error instanceof AppError && error.details.metaCode === 100) {
        throw new AppError('meta_object_not_owned', notOwned(id).message, 404, {
          objectId: id,
          field,
        })
      }
      throw error
    }
    const accounts = await this.adAccounts()
    const account = accounts.find((candidate) => candidate.accountId === String(node?.account_id))
    if (!account) {
      throw new AppError('meta_object_not_owned', notOwned(id).message, 404, {
        objectId: id,
        field,
      })
    }
    return { node, account }
  }

  /**
   * Checks that every id in `ids` is in the ad account's list behind `edge` (`promote_pages`:
   * Pages the account can promote; `advideos`: its video library; `adspixels`: the pixels it
   * can use), reading up to 10 pages.
   * @throws AppError 404 `meta_object_not_owned` naming the first id that is not
   */
  async assertInAccountEdge(
    account: AdAccount,
    edge: keyof typeof EDGE_WORDS,
    ids: string[],
    field: string
  ) {
    if (ids.length === 0) return
    const seen = new Set<string>()
    let after: string | null = null
    for (let pageNumber = 0; pageNumber < 10; pageNumber++) {
      const page: GraphPage = await this.page(
        `${account.id}/${edge}`,
        { fields: 'id' },
        { limit: 100, after, adAccountId: account.id }
      )
      for (const node of page.data) seen.add(String(node.id))
      if (ids.every((id) => seen.has(id)) || !page.after) break
      after = page.after
    }
    const missing = ids.find((id) => !seen.has(id))
    if (missing) {
      throw new AppError(
        'meta_object_not_owned',
        `${missing} is not ${EDGE_WORDS[edge]} (${account.id}).`,
        404,
        { objectId: missing, field, adAccountId: account.id }
      )
    }
  }

  /**
   * Checks that every image hash is in the ad account's image library (`act_<id>/adimages`).
   * @throws AppError 404 `meta_object_not_owned` naming the first missing hash
   */
  async assertImageHashes(account: AdAccount, hashes: string[], field: string) {
    if (hashes.length === 0) return
    const page = await this.page(
      `${account.id}/adimages`,
      { fields: 'hash', hashes: [...new Set(hashes)] },
      { limit: 100, adAccountId: account.id }
    )
    const known = new Set(page.data.map((image: any) => String(image.hash)))
    const missing = hashes.find((hash) => !known.has(hash))
    if (missing) {
      throw new AppError(
        'meta_object_not_owned',
        `The image hash ${missing} is not in the image library of ${account.id}. Upload it with upload_ad_image first.`,
        404,
        { objectId: missing, field, adAccountId: account.id }
      )
    }
  }

  /**
   * Resolves any id to the user's ad account it belongs to: `act_<id>` directly, other ids
   * (campaign, ad set, ad, creative...) through their `account_id`.
   * @throws AppError 404 `meta_object_not_owned`, 422 `invalid_meta_id`
   */
  async ownerOf(id: string, field: string): Promise<AdAccount> {
    if (String(id).startsWith('act_')) return this.ownedAdAccount(id)
    assertObjectId(id, field)
    let node: any
    try {
      node = await this.get(id, { fields: 'id,account_id' })
    } catch (error) {
      if (error instanceof AppError && error.details.metaCode === 100) throw notOwned(id)
      throw error
    }
    const accounts = await this.adAccounts()
    const account = accounts.find((candidate) => candidate.accountId === String(node?.account_id))
    if (!account) throw notOwned(id)
    return account
  }
}

/**
 * Opens a MetaUserSession for a user.
 * @throws AppError 409 `meta_not_connected`; 409 `meta_token_invalid` when the connection
 *   already needs a reconnect or its token has expired
 */
@inject()
export class MetaAccess {
  constructor(
    private connections: MetaConnections,
    private client: GraphClient,
    private cache: AdAccountCache
  ) {}

  get graph() {
    return this.client
  }

  async forUser(userId: number): Promise<MetaUserSession> {
    const connection = await this.connections.find(userId)
    if (!connection) throw notConnected()
    if (connection.expiresAt && connection.expiresAt < DateTime.utc()) {
      await this.connections.markReconnectRequired(connection, 'meta_token_expired')
    }
    if (connection.status === 'reconnect_required') {
      throw new AppError(
        'meta_token_invalid',
        'The Meta connection needs to be renewed (token expired or revoked). Reconnect Meta on the Integrations page.',
        409
      )
    }
    const token = await this.connections.accessToken(connection)
    return new MetaUserSession(connection, token, this.client, this.connections, this.cache)
  }
}
