/**
 * A source of the current time, in epoch milliseconds (UTC). Services that decide by time
 * (cache expiry, credential expiry, entitlement) take one so tests move time forward instead
 * of sleeping.
 */
export type Clock = () => number

/** The process clock (`Date.now`). */
export const systemClock: Clock = Date.now
