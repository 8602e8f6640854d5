import { MutationCache, QueryCache, QueryClient, type QueryFunction } from '@tanstack/react-query'
import { apiRequest } from '~/lib/api'
import { reportCallError, type ErrorToast } from '~/lib/call_errors'

/** What a query or mutation may declare in its `meta` (typed through TanStack's Register). */
export interface CallMeta extends Record<string, unknown> {
  /**
   * The toast shown when the call fails for a reason the shared rules do not cover (spec §8).
   * A mutation whose text depends on what it was called with gives a function of its
   * variables (annotate the parameter: `(input: {suspend: boolean}) => ({...})`).
   */
  errorToast?: ErrorToast | ((variables: never) => ErrorToast)
}

/** The call's toast for these variables. */
function errorToastOf(meta: CallMeta | undefined, variables?: unknown): ErrorToast | undefined {
  const errorToast = meta?.errorToast
  return typeof errorToast === 'function' ? errorToast(variables as never) : errorToast
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: CallMeta
    mutationMeta: CallMeta
  }
}

/**
 * The default loader (spec §7): a GET to the query key's segments joined by '/', with cookies,
 * parsed as JSON. `['/api/recent-calls?limit=10']` and `['/api', 'usage']` both work.
 */
export const defaultQueryFn: QueryFunction = ({ queryKey, signal }) =>
  apiRequest(queryKey.map(String).join('/'), { signal })

/**
 * Builds the app's QueryClient with the spec's data settings (§7): no refetch interval, no
 * refetch on window focus, data never stale, no retries for queries or mutations. Every
 * failed query or mutation goes through the one error handler (`reportCallError`: the 401
 * rule, Access Denied, rate limits, then the call's `meta.errorToast`).
 */
export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => reportCallError(error, errorToastOf(query.meta)),
    }),
    mutationCache: new MutationCache({
      onError: (error, variables, _context, mutation) =>
        reportCallError(error, errorToastOf(mutation.meta, variables)),
    }),
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
