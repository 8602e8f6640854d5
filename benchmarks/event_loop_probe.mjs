/*
| Preloaded into the app server by `npm run bench:analytics` (`node --import`), never by the app.
|
| Measures how late the server's event loop runs (`monitorEventLoopDelay`, 1 ms resolution:
| the time a request that arrives while JavaScript is busy waits before it is even read) and
| its garbage-collection pauses. On SIGUSR2 it writes one line to stderr,
| `event-loop-probe {"p50","p99","p999","max" (ms),"gcCount","gcMs","gcMaxMs"}`, for the time
| since the previous SIGUSR2, then starts a new window. These are the server's own stalls,
| whatever the load generator sharing the machine adds to the latencies it measures.
*/
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks'

const delay = monitorEventLoopDelay({ resolution: 1 })
delay.enable()
let gcPauses = []
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcPauses.push(entry.duration)
}).observe({ entryTypes: ['gc'] })

process.on('SIGUSR2', () => {
  const ms = (nanoseconds) => Math.round(nanoseconds / 1e4) / 100
  const window = {
    p50: ms(delay.percentile(50)),
    p99: ms(delay.percentile(99)),
    p999: ms(delay.percentile(99.9)),
    max: ms(delay.max),
    gcCount: gcPauses.length,
    gcMs: Math.round(gcPauses.reduce((sum, pause) => sum + pause, 0) * 100) / 100,
    gcMaxMs: Math.round(Math.max(0, ...gcPauses) * 100) / 100,
  }
  process.stderr.write(`event-loop-probe ${JSON.stringify(window)}\n`)
  delay.reset()
  gcPauses = []
})
