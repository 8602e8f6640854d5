/*
| Shapes the keys module's session endpoints answer, imported as types by the screens
| (inertia/) so they are declared once. No imports here: the browser build reads this file.
*/

/** What the /device page shows before the user decides (RFC 8628 §5.4: remote phishing). */
export interface PendingDeviceAuthorization {
  /** XXXX-XXXX */
  userCode: string
  deviceName: string
  requesterIp: string
  /** ISO 8601 instant of the CLI's request */
  requestedAt: string
  /** ISO 8601 instant after which the code no longer works */
  expiresAt: string
}

/** The answer to an approval or denial on the /device page. */
export interface DeviceDecision {
  status: 'approved' | 'denied'
  deviceName: string
}

/** A CLI sign-in as the profile page's "CLI sessions" card lists it (ISO 8601 instants). */
export interface CliSession {
  id: number
  deviceName: string
  createdAt: string
  lastUsedAt: string | null
  expiresAt: string | null
}
