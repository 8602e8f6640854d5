/*
| JavaScript entrypoint for ace commands: registers the TypeScript hook and boots bin/console.ts.
*/
import '@poppinss/ts-exec'

await import('./bin/console.js')
