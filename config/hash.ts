import { defineConfig, drivers } from '@adonisjs/core/hash'

/*
| Not used for API keys (they are high-entropy and hashed with SHA-256, see app/keys).
| Kept because the core hash provider expects a config.
*/
const hashConfig = defineConfig({
  default: 'scrypt',
  list: {
    scrypt: drivers.scrypt({ cost: 16384, blockSize: 8, parallelization: 1, maxMemory: 33554432 }),
  },
})

export default hashConfig

declare module '@adonisjs/core/types' {
  export interface HashersList extends InferHashers<typeof hashConfig> {}
}
