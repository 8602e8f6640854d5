#!/usr/bin/env node
import { main } from '../index.js'

// Exit explicitly once stdout is flushed: a keychain call abandoned after its timeout must
// not keep the process alive.
const code = await main(process.argv)
process.stdout.write('', () => process.exit(code))
