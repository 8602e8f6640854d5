import { useMutation } from '@tanstack/react-query'
import { ApiError, apiRequest, formatHttpError } from '~/lib/api'
import { toast } from '~/hooks/use_toast'
import type { AccountDeletionResult } from '~/types'

/** The user's own data export and account deletion (server: app/accounts/controllers). */
export const OWN_EXPORT_URL = '/api/account/export'
export const OWN_ACCOUNT_URL = '/api/account'

/** The file name of a `Content-Disposition: attachment; filename="…"` header, if any. */
export function attachmentName(header: string | null, fallback: string): string {
  const match = header?.match(/filename="([^"]+)"/)
  return match ? match[1] : fallback
}

/**
 * Fetches `url` (cookies sent) and saves the answer as a file through a temporary link, so a
 * failure can still be shown as a toast instead of a downloaded error page.
 * @throws ApiError for a non-2xx answer
 */
async function saveDownload(url: string): Promise<string> {
  const response = await fetch(url, {
    credentials: 'include',
    headers: { Accept: 'application/json' },
  })
  if (!response.ok) {
    const text = await response.text()
    throw new ApiError(
      response.status,
      text,
      formatHttpError(response.status, text, response.statusText)
    )
  }
  const name = attachmentName(response.headers.get('Content-Disposition'), 'adrelay-data.json')
  const href = URL.createObjectURL(await response.blob())
  const link = document.createElement('a')
  link.href = href
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(href), 60_000)
  return name
}

/** Downloads a data export (`url`: the user's own, or an admin's per-user one). */
export function useDownloadData(url: string) {
  return useMutation({
    mutationFn: () => saveDownload(url),
    meta: {
      errorToast: {
        title: 'Download Failed',
        description: 'Failed to download the data. Please try again.',
        preferServerMessage: true,
      },
    },
    onSuccess: (name) => toast({ title: 'Download Started', description: name }),
  })
}

/**
 * DELETE `url` {email}: deletes an account (the user's own, or an admin's target). Errors are
 * shown in the dialog (the typed email, a step that failed and can be retried).
 */
export function useDeleteAccount(url: string) {
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest<AccountDeletionResult>(url, { method: 'DELETE', body: { email } }),
  })
}

/** What the deletion dialog shows for a failed attempt. */
export function deletionErrorText(error: unknown): string {
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage
  return 'Failed to delete the account. Please try again.'
}
