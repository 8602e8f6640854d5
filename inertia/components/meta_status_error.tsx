import { AlertTriangle } from 'lucide-react'
import { Alert, AlertDescription } from '~/components/ui/alert'

/**
 * Shown where the Meta connection status is needed but GET /api/meta/status failed (not a
 * 401: that one goes to sign-in). The failed load is never taken for "not connected".
 */
export function MetaStatusError() {
  return (
    <Alert variant="destructive" role="alert">
      <AlertTriangle aria-hidden="true" />
      <AlertDescription>
        The Meta connection status could not be loaded. Reload the page to try again.
      </AlertDescription>
    </Alert>
  )
}
