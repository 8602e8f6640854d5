/** Helpers shared by the benchmark scripts (command-line options, statistics, ports). */
import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'

/** The number after `--<name>` on the command line, or `fallback` when absent. */
export function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`)
  return index > 0 ? Number(process.argv[index + 1]) : fallback
}

/** The median of `values` (the mean of the two middle values for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/** A TCP port free on 127.0.0.1 right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

/** CPU time (user + system) used so far by process `pid`, in µs; NaN without /proc. */
export function cpuMicrosOf(pid: number | undefined): number {
  try {
    // Fields after the command name: utime and stime are the 12th and 13th (clock ticks, 100/s).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return (Number(fields[11]) + Number(fields[12])) * 10_000
  } catch {
    return Number.NaN
  }
}
