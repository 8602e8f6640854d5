/*
| The call log's response-time histogram buckets: a pure module (no database), shared by the
| rollups (call_rollups.ts) and benchmarks/analytics.ts.
*/

/**
 * Upper bound (ms) of the histogram bucket holding `ms`: exact below 100 ms, otherwise `ms`
 * rounded UP to two significant digits (101 → 110, 1234 → 1300), i.e. fixed log-linear
 * buckets, 90 per decade (the HdrHistogram scheme with two significant digits). A percentile
 * read from the histogram is the bucket's upper bound, so it is never below the exact
 * nearest-rank value and at most 10 % above it (relative error < 1 / 10).
 */
export function latencyBucketMs(ms: number): number {
  const value = Math.max(0, Math.round(ms))
  if (value < 100) return value
  const unit = 10 ** (Math.floor(Math.log10(value)) - 1)
  return Math.ceil(value / unit) * unit
}
