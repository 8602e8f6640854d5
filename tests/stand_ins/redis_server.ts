import { createServer, type AddressInfo, type Socket } from 'node:net'

/**
 * A Redis stand-in on loopback speaking RESP2 (https://redis.io/docs/latest/develop/reference/protocol-spec/)
 * as far as a client's connection life needs: it reads commands (arrays of bulk strings, as
 * ioredis sends them), answers `INFO` (the ready check, `loading:0`), `PING`, `SELECT` and
 * `CLIENT`, answers `QUIT` with `+OK` and closes the connection; anything else gets an error
 * reply. Every command received is recorded, lower-cased.
 *
 * `heldUntilQuit` names commands whose reply (and so, as Redis answers in order, every later
 * reply) waits until the client sends `QUIT`: holding `INFO`, the ready check, reproduces a
 * server that is slow to answer a new connection, where a client that quits early still has
 * commands in its offline queue (a race real Redis on loopback wins too often to test).
 */
export async function startRedisStandIn(options: { heldUntilQuit?: string[] } = {}) {
  const held = new Set((options.heldUntilQuit ?? []).map((name) => name.toLowerCase()))
  const commands: string[][] = []
  const sockets = new Set<Socket>()
  const server = createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    let buffer = Buffer.alloc(0)
    let waiting: string[] | null = null
    socket.on('data', (chunk) => {
      buffer = Buffer.concat([buffer, chunk])
      for (;;) {
        const parsed = parseCommand(buffer)
        if (!parsed) return
        buffer = buffer.subarray(parsed.length)
        const [name, ...args] = parsed.command
        const lowerName = name.toLowerCase()
        commands.push([lowerName, ...args])
        if (held.has(lowerName)) waiting ??= []
        const answer = replyTo(lowerName)
        if (lowerName === 'quit') {
          socket.end([...(waiting ?? []), answer].join(''))
        } else if (waiting) {
          waiting.push(answer)
        } else {
          socket.write(answer)
        }
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    port,
    url: `redis://127.0.0.1:${port}/0`,
    /** Every command received, e.g. `['subscribe', 'adrelay:transmit']`. */
    commands,
    async close() {
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

function replyTo(name: string): string {
  if (name === 'info') {
    const info = '# Server\r\nredis_version:7.0.15\r\n# Persistence\r\nloading:0\r\n'
    return `$${Buffer.byteLength(info)}\r\n${info}\r\n`
  }
  if (name === 'ping') return '+PONG\r\n'
  if (name === 'select' || name === 'client' || name === 'quit') return '+OK\r\n'
  return `-ERR unknown command '${name}'\r\n`
}

/** One RESP array of bulk strings at the start of `buffer`, or null while it is incomplete. */
function parseCommand(buffer: Buffer): { command: string[]; length: number } | null {
  let offset = 0
  const line = () => {
    const end = buffer.indexOf('\r\n', offset)
    if (end === -1) return null
    const text = buffer.toString('latin1', offset, end)
    offset = end + 2
    return text
  }
  const header = line()
  if (header === null) return null
  if (!header.startsWith('*')) throw new Error(`unexpected RESP request: ${header}`)
  const command: string[] = []
  for (let count = Number(header.slice(1)); count > 0; count--) {
    const size = line()
    if (size === null) return null
    const length = Number(size.slice(1))
    if (buffer.length < offset + length + 2) return null
    command.push(buffer.toString('utf8', offset, offset + length))
    offset += length + 2
  }
  return { command, length: offset }
}
