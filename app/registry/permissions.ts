/**
 * The permissions a credential (API key, CLI token, OAuth grant) may hold, named after the
 * modules and verbs users think in. Every published action declares the one it needs
 * (`defineAction({ permission })`); the registry refuses a bearer credential without it with
 * 403 `insufficient_scope` (RFC 6750 §3.1). The web session holds every permission.
 *
 * OAuth scopes are these names, space-separated (RFC 6749 §3.3).
 */
export const PERMISSIONS = [
  'usage:read',
  'meta:read',
  'meta:write',
  'rules:read',
  'rules:write',
  'rules:approve',
  'alerts:read',
  'alerts:write',
  'leads:read',
  'leads:write',
  'embeds:write',
  'keys:manage',
] as const

export type Permission = (typeof PERMISSIONS)[number]

/** What each permission allows, in the words the Profile and the OAuth consent page show. */
export const PERMISSION_DESCRIPTIONS: Record<Permission, string> = {
  'usage:read': 'See your API usage and quota',
  'meta:read': 'Read your Meta ad accounts, campaigns, ad sets, ads and their insights',
  'meta:write': 'Change your Meta campaigns, ad sets, ads and budgets (every change is previewed)',
  'rules:read': 'See your automated rules and their runs',
  'rules:write': 'Create, change, run and delete automated rules',
  'rules:approve': 'Approve or reject changes your rules propose',
  'alerts:read': 'See your notifications and alert settings',
  'alerts:write': 'Change your alert settings and alert webhooks',
  'leads:read': 'Read the leads of your Meta lead forms',
  'leads:write': 'Change lead forwarding and lead webhooks',
  'embeds:write': 'Create embed sessions for your client portals',
  'keys:manage': 'Create, change and revoke your API keys',
}

/**
 * Named sets offered when a key is created. `rules:approve` is in none of them: a bearer
 * credential approves or rejects rule proposals only when its owner ticked that permission.
 */
export const PERMISSION_PRESETS = {
  full_access: PERMISSIONS.filter((permission) => permission !== 'rules:approve'),
  read_only: ['usage:read', 'meta:read', 'rules:read', 'alerts:read', 'leads:read'],
  client_portal: ['usage:read', 'meta:read', 'embeds:write'],
} as const satisfies Record<string, readonly Permission[]>

export type PermissionPreset = keyof typeof PERMISSION_PRESETS

/** True when `value` names a permission of the catalogue. */
export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value)
}
