/** What {@link quietOnDisconnect} needs of a `@boringnode/bus` transport. */
interface BusTransport {
  subscribe(channel: string, handler: (message: any) => void): Promise<void>
  disconnect(): Promise<void>
}

/**
 * Wraps a `@boringnode/bus` transport factory (Transmit's Redis transport, config/transmit.ts)
 * so that a `SUBSCRIBE` still pending when the transport is disconnected settles quietly.
 *
 * Transmit (`@boringnode/transmit` 0.4.0) subscribes to its channel as soon as it is made and
 * does not await or handle the promise (`void bus.subscribe(...)`). Every process that boots
 * the app makes it (importing `@adonisjs/transmit/services/main` resolves it), console commands
 * included; when a short command (`node ace users:promote`, `keys:create`, ...) shuts down
 * before Redis answered, ioredis's `QUIT` rejects the pending `SUBSCRIBE` with "Connection is
 * closed", nothing handles that rejection, and the command exits 1 with a stack trace after
 * having done its work (about one run in two). A subscription that fails while the transport
 * is still in use rejects as before.
 */
export function quietOnDisconnect<T extends BusTransport>(factory: () => T): () => T {
  return () => {
    const transport = factory()
    const subscribe = transport.subscribe.bind(transport)
    const disconnect = transport.disconnect.bind(transport)
    let disconnecting = false
    transport.subscribe = async (channel, handler) => {
      try {
        await subscribe(channel, handler)
      } catch (error) {
        if (!disconnecting) throw error
      }
    }
    transport.disconnect = async () => {
      disconnecting = true
      await disconnect()
    }
    return transport
  }
}
