import app from '@adonisjs/core/services/app'
import { test } from '@japa/runner'
import type { Group } from '@japa/runner/core'
import type User from '#accounts/models/user'
import { MetaEndpoints } from '#meta/services/meta_endpoints'
import { GraphClient } from '#meta/services/graph_client'
import { MetaConnections } from '#meta/services/meta_connections'
import { SANDBOX_DEFAULT_SCOPES, type MetaSandbox } from '#stand_ins/meta_sandbox/meta_sandbox'
import { createUser } from '#tests/helpers/factories'

/** Sandbox Meta users (tests/stand_ins/meta_sandbox/sandbox_seed.ts). */
export const ALEX = {
  id: '10000000000001',
  name: 'Alex Rivera',
  accounts: ['act_100000000001', 'act_100000000002'],
}
export const BLAIR = { id: '10000000000002', name: 'Blair Chen', accounts: ['act_200000000001'] }

/** Seed ids used across the tests. */
export const IDS = {
  cboCampaign: '120200000000101',
  cboAdSet: '120200000001011',
  aboCampaign: '120200000000102',
  aboAdSet: '120200000001021',
  lifetimeAdSet: '120200000001031',
  pausedCampaign: '120200000000104',
  alexAd: '120200000010111',
  blairCampaign: '120200000000301',
  blairAdSet: '120200000003011',
}

/**
 * The sandbox the app talks to in tests (started by the app on first use), reset to its seed;
 * the app's Graph client forgets the usage and blocks it saw (Meta's windows start over).
 */
export async function freshSandbox(): Promise<MetaSandbox> {
  const endpoints = await app.container.make(MetaEndpoints)
  await endpoints.resolve()
  const sandbox = endpoints.sandbox as MetaSandbox
  sandbox.reset()
  ;(await app.container.make(GraphClient)).throttle.reset()
  return sandbox
}

/**
 * `test.group` whose every test starts on a fresh sandbox (`freshSandbox`), handed to
 * `onSandbox` before the test runs (the file keeps it in a variable its tests read).
 */
export function sandboxGroup(
  title: string,
  onSandbox: (sandbox: MetaSandbox) => void,
  callback: (group: Group) => void
) {
  test.group(title, (group) => {
    group.each.setup(async () => onSandbox(await freshSandbox()))
    callback(group)
  })
}

/**
 * Connects `user` to a sandbox Meta user without the OAuth dance: the sandbox issues a real
 * token granting `scopes` (by default the Marketing API and lead scopes) and the connection
 * is stored, with those scopes recorded, through the module's own storage.
 */
export async function connectMeta(
  user: User,
  as: { id: string; name: string } = ALEX,
  type: 's' | 'l' = 'l',
  scopes: string[] = SANDBOX_DEFAULT_SCOPES
) {
  const sandbox = await freshSandboxNoReset()
  const connections = await app.container.make(MetaConnections)
  const token = sandbox.issueToken(as.id, type, scopes)
  const { DateTime } = await import('luxon')
  await connections.save(user.id, {
    metaUserId: as.id,
    name: as.name,
    accessToken: token,
    isLongLived: type === 'l',
    expiresAt: DateTime.utc().plus(type === 'l' ? { days: 60 } : { hours: 1 }),
    dataAccessExpiresAt: null,
    scopes,
    sandbox: true,
  })
  return token
}

/** A new user whose Meta account is connected (as Alex unless told) through `connectMeta`. */
export async function createConnectedUser(as: { id: string; name: string } = ALEX) {
  const user = await createUser()
  await connectMeta(user, as)
  return user
}

async function freshSandboxNoReset() {
  const endpoints = await app.container.make(MetaEndpoints)
  await endpoints.resolve()
  return endpoints.sandbox as MetaSandbox
}

/** Follows the sandbox consent page's Allow (or Cancel) and returns the callback URL it redirects to. */
export async function consent(
  dialogUrl: string,
  decision: 'allow' | 'cancel' = 'allow',
  as = ALEX.id
) {
  const page = await fetch(dialogUrl)
  if (page.status !== 200) throw new Error(`Consent page answered ${page.status}`)
  const dialog = new URL(dialogUrl)
  const confirm = new URL(dialog.pathname + '/confirm', dialog.origin)
  for (const name of ['client_id', 'redirect_uri', 'state', 'scope']) {
    confirm.searchParams.set(name, dialog.searchParams.get(name) ?? '')
  }
  confirm.searchParams.set('as', as)
  if (decision === 'allow') confirm.searchParams.set('decision', 'allow')
  const redirected = await fetch(confirm, { redirect: 'manual' })
  return new URL(redirected.headers.get('location')!)
}
