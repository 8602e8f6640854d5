import { QueryClient, type QueryFunction } from '@tanstack/react-query'
import { apiRequest } from '~/lib/api'

/**
 * The default loader (spec §7): a GET to the query key's segments joined by '/', with cookies,
 * parsed as JSON. `['/api/recent-calls?limit=10']` and `['/api', 'usage']` both work.
 */
export const defaultQueryFn: QueryFunction = ({ queryKey, signal }) =>
  apiRequest(queryKey.map(String).join('/'), { signal })

/**
 * Builds the app's QueryClient with the spec's data settings (§7): no refetch interval, no
 * refetch on window focus, data never stale, no retries for queries or mutations.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  })
}

/** The one client of the browser app (pages share it across Inertia visits). */
export const queryClient = createQueryClient()
