/*
| A round-robin reverse proxy in its own process, for benchmarks/two_instances.ts (so the load
| generator and the proxy do not share an event loop). Usage:
|   node --import=@poppinss/ts-exec benchmarks/round_robin_proxy.ts <target url>...
| Prints `proxy listening on <url>` once ready; stops on SIGTERM.
*/
import { startRoundRobinProxy } from '../tests/helpers/instances.js'

const targets = process.argv.slice(2)
if (targets.length === 0) {
  console.error('usage: round_robin_proxy.ts <target url>...')
  process.exit(2)
}
const proxy = await startRoundRobinProxy(targets)
console.log(`proxy listening on ${proxy.url}`)
process.once('SIGTERM', () => {
  void proxy.stop().then(() => process.exit(0))
})
