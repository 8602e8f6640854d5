import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react'
import { EmbedClient, type ClientSecretAnswer } from './client.js'
import type { Appearance } from './theme.js'

interface EmbedContextValue {
  client: EmbedClient
  appearance: Appearance | undefined
  /** Bumped when a new client secret arrives (hooks refetch). */
  generation: number
  /** True once the session could not be renewed */
  expired: boolean
}

const EmbedContext = createContext<EmbedContextValue | null>(null)

export interface AdrelayEmbedProviderProps {
  /**
   * Asks your server for a client secret (your server calls `POST /api/v1/embed/sessions`
   * with its API key). Called on first use, shortly before the session expires, and on a
   * 401. Resolve to the `clientSecret`, or to `{clientSecret, expiresAt}`.
   */
  fetchClientSecret: () => Promise<ClientSecretAnswer>
  /** Where Adrelay runs, e.g. `https://app.example.com` (the origin of the API) */
  baseUrl: string
  /** Theme and `--adrelay-*` variables (see the docs' CSS variable table) */
  appearance?: Appearance
  children?: ReactNode
}

/**
 * Gives every Adrelay component and hook below it one embed session: the client secret is
 * fetched through `fetchClientSecret`, renewed before it expires and on a 401, and never
 * stored anywhere but memory.
 */
export function AdrelayEmbedProvider({
  fetchClientSecret,
  baseUrl,
  appearance,
  children,
}: AdrelayEmbedProviderProps) {
  const fetchRef = useRef(fetchClientSecret)
  fetchRef.current = fetchClientSecret
  const [generation, setGeneration] = useState(0)
  const [expired, setExpired] = useState(false)
  const client = useMemo(
    () =>
      new EmbedClient(
        baseUrl,
        () => fetchRef.current(),
        () => setExpired(true)
      ),
    [baseUrl]
  )
  useEffect(() => {
    const unsubscribe = client.subscribe(() => {
      setExpired(false)
      setGeneration(client.generation)
    })
    return () => {
      unsubscribe()
      client.close()
    }
  }, [client])
  const value = useMemo(
    () => ({ client, appearance, generation, expired }),
    [client, appearance, generation, expired]
  )
  return <EmbedContext.Provider value={value}>{children}</EmbedContext.Provider>
}

/** The provider's context. @throws Error outside `<AdrelayEmbedProvider>` */
export function useEmbedContext(): EmbedContextValue {
  const context = useContext(EmbedContext)
  if (!context) {
    throw new Error('Adrelay widgets and hooks must be used inside <AdrelayEmbedProvider>.')
  }
  return context
}
