import { usePage } from '@inertiajs/react'
import type { SessionUser, SharedProps } from '~/types'

/**
 * The signed-in user from the Inertia shared prop `user` (typed from
 * app/middleware/inertia_middleware.ts through `Data.SharedProps`), or null for a visitor.
 * Refreshes on every Inertia visit; after a write that changes it (new key count, plan) call
 * `router.reload({ only: ['user'] })`.
 */
export function useSessionUser(): SessionUser | null {
  return usePage<SharedProps>().props.user ?? null
}
