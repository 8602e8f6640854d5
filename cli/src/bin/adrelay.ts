#!/usr/bin/env node
import { main } from '../index.js'

// Exit explicitly once stdout is flushed: nothing left open (a killed keychain process's
// pipes, an aborted request's socket) keeps the process alive.
const code = await main(process.argv)
process.stdout.write('', () => process.exit(code))
