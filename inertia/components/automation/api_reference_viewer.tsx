import { ApiReferenceReact } from '@scalar/api-reference-react'
import '@scalar/api-reference-react/style.css'

/**
 * The OpenAPI viewer (Scalar, bundled from npm). Kept in its own module so the page loads it
 * lazily: the viewer is large and only this page needs it. No outside hosts: the default
 * fonts (served from Scalar's CDN), telemetry, the AI agent and the developer toolbar (which
 * reach Scalar's servers) are off; "Test request" calls go straight to this server.
 */
export default function ApiReferenceViewer({ specUrl }: { specUrl: string }) {
  return (
    <ApiReferenceReact
      configuration={{
        url: specUrl,
        withDefaultFonts: false,
        telemetry: false,
        hideDarkModeToggle: true,
        forceDarkModeState: 'light',
        documentDownloadType: 'json',
        metaData: { title: 'Adrelay API reference' },
        defaultOpenAllTags: true,
        // Scalar's AI agent, developer toolbar and registry search call Scalar's servers.
        agent: { disabled: true },
        showDeveloperTools: 'never',
      }}
    />
  )
}
