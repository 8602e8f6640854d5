/**
 * ER_LOCK_DEADLOCK (MySQL/MariaDB errno 1213): InnoDB rolled one transaction (or one
 * autocommit statement) back to break a lock cycle. The MySQL manual ("How to Minimize and
 * Handle Deadlocks") says to retry it: the statement had no effect.
 */
export const MYSQL_DEADLOCK = 1213

/** True when `error` is an InnoDB deadlock rollback (errno 1213). */
export function isDeadlock(error: unknown): boolean {
  return (error as { errno?: number } | null)?.errno === MYSQL_DEADLOCK
}

/**
 * Runs `work` and runs it again, up to `attempts` times in all, while it fails as a deadlock
 * victim; any other error, or the last deadlock, is thrown as is. `work` must be safe to
 * repeat: a transaction (rolled back whole) or an idempotent statement. SQLite never raises
 * errno 1213, so there it runs once.
 */
export async function retryOnDeadlock<T>(work: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work()
    } catch (error) {
      if (attempt >= attempts || !isDeadlock(error)) throw error
    }
  }
}
