/**
 * The time sources of the services that decide by time (metering, the API key verifier), one
 * shape for all and injectable, so tests hand in a clock they move instead of sleeping.
 */
export interface Clock {
  /** Wall-clock now (UTC instant): quota month, call dates, credential and grant expiry. */
  now(): Date
  /**
   * Milliseconds from an arbitrary origin that never jumps back (`performance.now()`): call
   * durations, cache lifetimes.
   */
  monotonicMs(): number
}

/** The process clocks: `new Date()` and `performance.now()`. */
export const systemClock: Clock = {
  now: () => new Date(),
  monotonicMs: () => performance.now(),
}
