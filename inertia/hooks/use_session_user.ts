import { usePage } from '@inertiajs/react'
import type { SessionUser } from '~/lib/types'

/**
 * The signed-in user from the Inertia shared prop `user` (app/middleware/inertia_middleware.ts),
 * or null for a visitor. Refreshes on every Inertia visit; after a write that changes it
 * (new key count, plan) call `router.reload({ only: ['user'] })`.
 */
export function useSessionUser(): SessionUser | null {
  const { props } = usePage<{ user?: SessionUser | null }>()
  return props.user ?? null
}
