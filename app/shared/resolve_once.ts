/**
 * Runs `make` once (on first call) and hands out its result: the pending promise until it
 * settles, then the value itself, so hot paths can skip an `await` once it is ready:
 *
 *   const getThing = resolveOnce(() => app.container.make(Thing))
 *   const got = getThing()
 *   const thing = got instanceof Promise ? await got : got
 *
 * A rejected `make` is not retried (the failure is a boot error).
 */
export function resolveOnce<T>(make: () => Promise<T>): () => T | Promise<T> {
  let value: { resolved: T } | null = null
  let pending: Promise<T> | null = null
  return () =>
    value
      ? value.resolved
      : (pending ??= make().then((resolved) => {
          value = { resolved }
          return resolved
        }))
}
