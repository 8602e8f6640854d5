import { spawn } from 'node:child_process'
import { createServer as createHttpServer, Agent, type Server } from 'node:http'
import { createServer as createNetServer, type AddressInfo } from 'node:net'
import { createProxyServer } from 'http-proxy-3'

/*
| Several real app instances behind a round-robin reverse proxy on loopback (issue 18, "two
| instances"), for tests/functional/scale/two_instances.spec.ts and benchmarks/two_instances.ts.
| Nothing here uses the AdonisJS application object, so a benchmark script can use it too.
*/

/** A free loopback TCP port (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      server.close(() => resolve(port))
    })
  })
}

/** One app process. */
export interface Instance {
  name: string
  /** `http://127.0.0.1:<port>` */
  url: string
  /** Everything the process printed so far (stdout + stderr). */
  output: () => string
  /** Stops it with SIGTERM (graceful: the call log is flushed, quota counts persisted). */
  stop: () => Promise<void>
}

export interface InstanceOptions {
  /** Shown in errors and logs, e.g. `A`. */
  name: string
  /** Working directory: the project root (ts-exec'd sources) or build/ (production build). */
  cwd: string
  /** Arguments after `node`, e.g. `['--import=@poppinss/ts-exec', 'bin/server.ts']`. */
  args: string[]
  /** The whole environment of the process (HOST and PORT are added). */
  env: NodeJS.ProcessEnv
  /** How long to wait for GET /health, in ms (default 90 s: two cold boots on a busy machine). */
  bootTimeoutMs?: number
}

/**
 * Starts one app process on a free loopback port and resolves once GET /health answers 200.
 * @throws Error with the process output when it exits first or does not answer in time
 */
export async function startInstance(options: InstanceOptions): Promise<Instance> {
  const port = await freePort()
  let output = ''
  const child = spawn(process.execPath, options.args, {
    cwd: options.cwd,
    env: { ...options.env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const url = `http://127.0.0.1:${port}`
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000)
      await exited
      clearTimeout(timer)
    }
  }
  const deadline = Date.now() + (options.bootTimeoutMs ?? 90_000)
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`instance ${options.name} exited with ${child.exitCode}:\n${output}`)
    }
    try {
      if ((await fetch(`${url}/health`)).ok) {
        return { name: options.name, url, output: () => output, stop }
      }
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  await stop()
  throw new Error(`instance ${options.name} did not answer /health in time:\n${output}`)
}

/** A round-robin reverse proxy in front of several instances. */
export interface RoundRobinProxy {
  url: string
  /** How many requests each target received, in target order. */
  counts: number[]
  stop: () => Promise<void>
}

/**
 * A reverse proxy on a free loopback port (`http-proxy-3`, a maintained rewrite of
 * `http-proxy`) that sends request i to `targets[i % targets.length]`, over keep-alive
 * connections, with `X-Forwarded-*` headers. A target that refuses the connection answers
 * 502 (never retried elsewhere: a metered request must not be counted twice).
 */
export async function startRoundRobinProxy(targets: string[]): Promise<RoundRobinProxy> {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 })
  const proxy = createProxyServer({ agent, xfwd: true })
  const counts = targets.map(() => 0)
  let next = 0
  proxy.on('error', (_error, _req, res) => {
    const response = res as import('node:http').ServerResponse
    if ('headersSent' in response && !response.headersSent) {
      response.writeHead(502, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ error: { code: 'bad_gateway', message: 'upstream failed' } }))
    } else if ('destroy' in response) {
      response.destroy()
    }
  })
  const server: Server = createHttpServer((req, res) => {
    const index = next
    next = (next + 1) % targets.length
    counts[index]++
    proxy.web(req, res, { target: targets[index] })
  })
  server.keepAliveTimeout = 30_000
  const port = await freePort()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    stop: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      proxy.close()
      agent.destroy()
    },
  }
}

/** Several instances and the proxy in front of them. */
export interface Cluster {
  instances: Instance[]
  proxy: RoundRobinProxy
  /** Stops the proxy, then every instance (in parallel). */
  stop: () => Promise<void>
}

/**
 * Starts `count` instances (in parallel) with the same environment and a round-robin proxy
 * in front of them. Names are A, B, C… On a failure the ones already started are stopped.
 */
export async function startCluster(
  count: number,
  options: Omit<InstanceOptions, 'name'>
): Promise<Cluster> {
  const names = Array.from({ length: count }, (_, index) => String.fromCharCode(65 + index))
  const started = await Promise.allSettled(names.map((name) => startInstance({ ...options, name })))
  const instances = started
    .filter((result): result is PromiseFulfilledResult<Instance> => result.status === 'fulfilled')
    .map((result) => result.value)
  const failure = started.find((result) => result.status === 'rejected')
  if (failure) {
    await Promise.all(instances.map((instance) => instance.stop()))
    throw failure.reason
  }
  const proxy = await startRoundRobinProxy(instances.map((instance) => instance.url))
  return {
    instances,
    proxy,
    stop: async () => {
      await proxy.stop()
      await Promise.all(instances.map((instance) => instance.stop()))
    },
  }
}
