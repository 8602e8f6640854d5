import { useQuery } from '@tanstack/react-query'
import { api, readCsrfToken, ApiError, formatHttpError } from '~/lib/api'
import { actionUrl } from '~/lib/campaigns'
import type {
  InsightsResult,
  ListAdSetsResult,
  ListAdsResult,
  ListCampaignsResult,
  WriteResult,
} from '~/types'

/**
 * Data of the Campaigns page: published actions through the session adapter
 * (`GET|POST /api/actions/:name`), so each read and write runs the same action, plan gate and
 * ownership checks as REST and MCP. Every query key is the action's URL, so the default loader
 * fetches it and one `invalidateQueries({queryKey: ['/api/actions/...']})` prefix refreshes it.
 */

/** Key prefix of every action query (invalidate it after a write). */
export const ACTIONS_KEY_PREFIX = '/api/actions/'

/** True for a query key of the Campaigns page's action reads. */
export function isActionQuery(queryKey: readonly unknown[]) {
  return typeof queryKey[0] === 'string' && queryKey[0].startsWith(ACTIONS_KEY_PREFIX)
}

/** Up to 100 campaigns of an ad account (ARCHIVED and DELETED left out, as Meta lists them). */
export function useCampaigns(adAccountId: string | null) {
  return useQuery<ListCampaignsResult>({
    queryKey: [actionUrl('list_campaigns', { adAccountId, limit: 100 })],
    enabled: Boolean(adAccountId),
  })
}

export function useAdSets(campaignId: string, enabled: boolean) {
  return useQuery<ListAdSetsResult>({
    queryKey: [actionUrl('list_ad_sets', { campaignId, limit: 100 })],
    enabled,
  })
}

export function useAds(adSetId: string, enabled: boolean) {
  return useQuery<ListAdsResult>({
    queryKey: [actionUrl('list_ads', { adSetId, limit: 100 })],
    enabled,
  })
}

/** One insights row per object of `level` inside `objectId` over `datePreset`. */
export function useLevelInsights(
  objectId: string | null,
  level: 'campaign' | 'adset' | 'ad',
  datePreset: string,
  enabled = true
) {
  return useQuery<InsightsResult>({
    queryKey: [actionUrl('get_insights', { objectId, level, datePreset, limit: 500 })],
    enabled: Boolean(objectId) && enabled,
  })
}

/** Daily rows (`timeIncrement` 1) of one object over `datePreset`, for the drawer's chart. */
export function useDailyInsights(objectId: string | null, datePreset: string) {
  return useQuery<InsightsResult>({
    queryKey: [actionUrl('get_insights', { objectId, datePreset, timeIncrement: '1', limit: 500 })],
    enabled: Boolean(objectId),
  })
}

/** POST /api/actions/:name → the write's result (a preview unless `input.confirm`). */
export function runWrite(name: string, input: Record<string, unknown>) {
  return api.post<WriteResult>(`/api/actions/${name}`, input)
}

/**
 * The image upload of the wizard: `multipart/form-data` to
 * `/api/actions/upload_ad_image/file` (up to 8 MB; the JSON route stops at 1 MB), running the
 * `upload_ad_image` action. Without `confirm` it only checks the file and previews the hash.
 * @throws ApiError as `apiRequest` does (413 image_too_large, 422 image_not_supported, ...)
 */
export async function uploadAdImage(input: {
  adAccountId: string
  file: File
  confirm: boolean
}): Promise<WriteResult> {
  const form = new FormData()
  form.set('adAccountId', input.adAccountId)
  form.set('confirm', String(input.confirm))
  form.set('image', input.file, input.file.name)
  const headers: Record<string, string> = { Accept: 'application/json' }
  const csrf = readCsrfToken()
  if (csrf) headers['X-XSRF-TOKEN'] = csrf
  const response = await fetch('/api/actions/upload_ad_image/file', {
    method: 'POST',
    headers,
    credentials: 'include',
    body: form,
  })
  const text = await response.text()
  if (!response.ok) {
    throw new ApiError(
      response.status,
      text,
      formatHttpError(response.status, text, response.statusText)
    )
  }
  return JSON.parse(text) as WriteResult
}
