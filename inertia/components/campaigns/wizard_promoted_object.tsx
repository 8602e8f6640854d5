import { useEffect, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { ListSelect, SelectField } from '~/components/campaigns/wizard_parts'
import { actionUrl, conversionEventLabel } from '~/lib/campaigns'
import type {
  ListAdvertisableAppsResult,
  ListPagesResult,
  ListPixelsResult,
  PromotedObjectKind,
} from '~/types'

/** Meta's store keys in words. */
const STORE_LABELS: Record<string, string> = {
  itunes: 'App Store (iPhone)',
  itunes_ipad: 'App Store (iPad)',
  google_play: 'Google Play',
  fb_canvas: 'Facebook canvas',
  amazon_app_store: 'Amazon Appstore',
  windows_store: 'Microsoft Store',
}

/** Keeps `value` on one of `ids`: the first one until the user picks another. */
function useFirstOf(ids: string[] | undefined): [string, (value: string) => void] {
  const [value, setValue] = useState('')
  useEffect(() => {
    if (ids && ids.length > 0 && !ids.includes(value)) setValue(ids[0])
  }, [ids, value])
  return [value, setValue]
}

/**
 * The promoted object an ad set of this objective needs (Meta refuses the ad set without it):
 * a pixel and the conversion event to optimize for (Sales), the Page of the instant forms
 * (Leads), or the app and its store (App promotion), each read from its list action. Reports
 * Meta's `promoted_object` (null until complete) through `onChange`.
 */
export function PromotedObjectFields({
  kind,
  adAccountId,
  conversionEvents,
  defaultEvent,
  onChange,
}: {
  kind: PromotedObjectKind
  adAccountId: string
  conversionEvents: string[]
  defaultEvent: string
  onChange: (promoted: Record<string, string> | null) => void
}) {
  const pixels = useQuery<ListPixelsResult>({
    queryKey: [actionUrl('list_pixels', { adAccountId })],
    enabled: kind === 'pixel',
  })
  const pages = useQuery<ListPagesResult>({
    queryKey: [actionUrl('list_pages', { adAccountId })],
    enabled: kind === 'page',
  })
  const apps = useQuery<ListAdvertisableAppsResult>({
    queryKey: [actionUrl('list_advertisable_apps', { adAccountId })],
    enabled: kind === 'app',
  })
  const usablePixels = pixels.data?.pixels.filter((pixel) => !pixel.isUnavailable)
  const [pixelId, setPixelId] = useFirstOf(usablePixels?.map((pixel) => pixel.id))
  const [event, setEvent] = useState(defaultEvent)
  const [pageId, setPageId] = useFirstOf(pages.data?.pages.map((page) => page.id))
  const [appId, setAppId] = useFirstOf(apps.data?.apps.map((app) => app.id))
  const app = apps.data?.apps.find((candidate) => candidate.id === appId)
  const [storeUrl, setStoreUrl] = useFirstOf(app?.storeUrls.map((listing) => listing.url))

  const promoted =
    kind === 'pixel'
      ? pixelId && event
        ? { pixel_id: pixelId, custom_event_type: event }
        : null
      : kind === 'page'
        ? pageId
          ? { page_id: pageId }
          : null
        : appId && storeUrl
          ? { application_id: appId, object_store_url: storeUrl }
          : null
  const key = JSON.stringify(promoted)
  useEffect(() => {
    onChange(key === 'null' ? null : JSON.parse(key))
  }, [key, onChange])

  if (kind === 'pixel') {
    return (
      <div className="grid gap-4 sm:grid-cols-2">
        <ListSelect
          id="wizard-pixel"
          label="Pixel"
          query={pixels}
          items={usablePixels}
          value={pixelId}
          onChange={setPixelId}
          empty="This ad account has no pixel: set one up in Meta Events Manager to measure sales."
        />
        <SelectField
          id="wizard-conversion-event"
          label="Conversion event"
          value={event}
          onChange={setEvent}
          options={conversionEvents.map((value) => ({
            value,
            label: conversionEventLabel(value),
          }))}
        />
      </div>
    )
  }
  if (kind === 'page') {
    return (
      <ListSelect
        id="wizard-lead-page"
        label="Facebook Page (its instant forms collect the leads)"
        query={pages}
        items={pages.data?.pages}
        value={pageId}
        onChange={setPageId}
        empty="This ad account cannot promote any Page: add one in Meta Business Settings."
      />
    )
  }
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <ListSelect
        id="wizard-app"
        label="App"
        query={apps}
        items={apps.data?.apps}
        value={appId}
        onChange={setAppId}
        empty="This ad account cannot advertise any app: register it in Meta for Developers and give the ad account access."
      />
      {app && (
        <SelectField
          id="wizard-app-store"
          label="Store"
          value={storeUrl}
          onChange={setStoreUrl}
          options={app.storeUrls.map((listing) => ({
            value: listing.url,
            label: STORE_LABELS[listing.store] ?? listing.store,
          }))}
        />
      )}
    </div>
  )
}
