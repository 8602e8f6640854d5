import { useMutation } from '@tanstack/react-query'
import { api } from '~/lib/api'
import type { DeviceDecision, PendingDeviceAuthorization } from '#keys/types'

export type { DeviceDecision, PendingDeviceAuthorization }

/** POST /api/device/lookup {userCode}: the pending CLI sign-in behind a code. */
export function useDeviceLookup() {
  return useMutation({
    mutationFn: (userCode: string) =>
      api.post<PendingDeviceAuthorization>('/api/device/lookup', { userCode }),
  })
}

/** POST /api/device/decision {userCode, decision}: approve or deny the CLI sign-in. */
export function useDeviceDecision() {
  return useMutation({
    mutationFn: (input: { userCode: string; decision: 'approve' | 'deny' }) =>
      api.post<DeviceDecision>('/api/device/decision', input),
  })
}
