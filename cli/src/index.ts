import { Command, CommanderError } from 'commander'
import { CliError, ExitCode } from './errors.js'
import { Context, type GlobalOptions } from './context.js'
import { CLI_VERSION } from './version.js'
import { loadOpenApi, publishedActions } from './openapi.js'
import { authCommands } from './commands/auth.js'
import { keysCommands } from './commands/keys.js'
import { usageCommand } from './commands/usage.js'
import { mcpCommands } from './commands/mcp.js'
import { completionCommands } from './commands/completion.js'
import { addActionCommands } from './commands/actions.js'

/** Commands written here; anything else is a module of published actions. */
const BUILT_IN = new Set([
  'login',
  'logout',
  'auth',
  'keys',
  'usage',
  'mcp',
  'completion',
  '__complete',
])

/** Commander usage errors end with exit 2; its help and version output with 0. */
const COMMANDER_OK = new Set(['commander.helpDisplayed', 'commander.version'])

/**
 * The command words of argv: the first operand (flags and the value of --profile skipped)
 * and the word right after it when that is not a flag.
 */
function operands(args: string[]): [string | undefined, string | undefined] {
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]
    if (arg === '--') break
    if (arg === '--profile') index++
    else if (!arg.startsWith('-')) {
      const next = args[index + 1]
      return [arg, next !== undefined && !next.startsWith('-') ? next : undefined]
    }
  }
  return [undefined, undefined]
}

/**
 * The value of the last `--profile <name>` or `--profile=<name>` of argv (as commander reads
 * it), before the actions are loaded and commander runs.
 */
function profileOption(args: string[]): string | undefined {
  let profile: string | undefined
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]
    if (arg === '--') break
    if (arg === '--profile') profile = args[++index]
    else if (arg.startsWith('--profile=')) profile = arg.slice('--profile='.length)
  }
  return profile
}

/** How long `adrelay --help` waits for the action list before it shows the built-in commands only, ms. */
const HELP_FETCH_TIMEOUT_MS = 3000

/**
 * Whether this invocation needs the published actions, and from where:
 * `adrelay meta …` and `adrelay usage get-usage` (the network, or a copy fetched in the last
 * hour), `adrelay usage --help` (the same, but shown without them when unreachable),
 * `adrelay`, `adrelay --help` and `adrelay help` ('help': the same with a short timeout and a
 * line saying why they are missing), completion (cache only), other built-in commands (no).
 */
function actionsNeeded(args: string[]): 'network' | 'optional' | 'help' | 'cache' | null {
  const [first, second] = operands(args)
  if (first === '__complete') return 'cache'
  if (first === undefined) return args.includes('-V') || args.includes('--version') ? null : 'help'
  if (first === 'help') {
    if (second === undefined) return 'help'
    if (second === 'usage') return 'optional'
    return BUILT_IN.has(second) ? null : 'network'
  }
  if (first === 'usage') {
    if (second) return 'network'
    return args.includes('--help') || args.includes('-h') ? 'optional' : null
  }
  return BUILT_IN.has(first) ? null : 'network'
}

function printError(error: CliError, json: boolean) {
  if (json) process.stderr.write(JSON.stringify(error.toJSON()) + '\n')
  else process.stderr.write(`Error (${error.code}): ${error.message}\n`)
}

/**
 * Runs `adrelay` with `argv` (process.argv shape) and resolves to the exit code
 * (see errors.ts `ExitCode`).
 */
export async function main(argv: string[] = process.argv): Promise<number> {
  const args = argv.slice(2)
  const json = args.includes('--json')
  const program = new Command('adrelay')
    .version(CLI_VERSION)
    .description('Adrelay from the terminal: sign in, manage API keys, read usage, run actions.')
    .option('--profile <name>', 'account/server profile (default "default", or ADRELAY_PROFILE)')
    .option('--json', 'print results as JSON (stable shapes)')
    .option('-y, --yes', 'answer yes to confirmations (for scripts)')
    // With --json, stderr carries the JSON error alone.
    .showHelpAfterError(json ? false : '(add --help for usage)')
    .exitOverride()
    .configureOutput({
      outputError: (text, write) =>
        json
          ? write(
              JSON.stringify({
                error: { code: 'usage_error', message: text.replace(/^error: /, '').trim() },
              }) + '\n'
            )
          : write(text),
    })

  let exitCode: number = ExitCode.ok
  const run =
    (action: (context: Context, ...args: any[]) => Promise<void>) =>
    async (...received: any[]) => {
      const command = received[received.length - 1] as Command
      const positionals = received.slice(0, -2)
      // A command's own options win over its parents' (an action under `usage` keeps its flags).
      const options = {
        ...command.optsWithGlobals<GlobalOptions & Record<string, unknown>>(),
        ...command.opts(),
      }
      await action(await Context.create(options), ...positionals, options)
    }

  authCommands(program, run)
  keysCommands(program, run)
  usageCommand(program, run)
  mcpCommands(program, run)
  completionCommands(program)

  try {
    const needed = actionsNeeded(args)
    if (needed) {
      const context = await Context.create({ profile: profileOption(args), json })
      try {
        const document = await loadOpenApi(context.anonymousClient(), {
          offline: needed === 'cache',
          timeoutMs: needed === 'help' ? HELP_FETCH_TIMEOUT_MS : undefined,
        })
        if (document) addActionCommands(program, publishedActions(document), run)
      } catch (error) {
        if (needed === 'network') throw error
        if (needed === 'help') program.addHelpText('after', actionsMissing(context.apiUrl, error))
      }
    }
    for (const command of allCommands(program)) {
      command.exitOverride().configureOutput(program.configureOutput())
    }
    await program.parseAsync(argv)
  } catch (error) {
    if (error instanceof CommanderError) {
      // `adrelay help` ends with 'commander.help' and exit code 0; bare `adrelay`, which
      // shows the same help on stderr, with the same code and 1.
      const helped = error.code === 'commander.help' && error.exitCode === 0
      exitCode = helped || COMMANDER_OK.has(error.code) ? ExitCode.ok : ExitCode.usage
    } else if (error instanceof CliError) {
      printError(error, json)
      exitCode = error.exitCode
    } else if ((error as { name?: string }).name === 'ExitPromptError') {
      exitCode = ExitCode.error
    } else {
      printError(new CliError('unexpected_error', (error as Error).message ?? String(error)), json)
      exitCode = ExitCode.error
    }
  }
  return exitCode
}

/** The line root help ends with when the server's action list could not be loaded. */
function actionsMissing(apiUrl: string, error: unknown): string {
  const reason = error instanceof CliError ? error.message : String(error)
  return (
    `\nThe action commands (meta, usage, …) come from the server's action list, which could ` +
    `not be loaded: ${reason} Run \`adrelay --help\` again once ${apiUrl} answers ` +
    '(ADRELAY_API_URL or --profile picks the server).'
  )
}

function allCommands(command: Command): Command[] {
  return command.commands.flatMap((child) => [child, ...allCommands(child)])
}
