import { confirm } from '@inquirer/prompts'
import { CliError, ExitCode } from './errors.js'
import type { Context } from './context.js'

/** Whether there is a person to ask: stdin and stderr are both terminals. */
export function canAsk(): boolean {
  return process.stdin.isTTY === true && process.stderr.isTTY === true
}

/**
 * Asks `question` (default No) unless `--yes` was given. Without a terminal to ask on
 * (stdin or stderr not a TTY) and without `--yes`, nothing is applied: exit 2, so a script
 * never hangs on a hidden prompt nor acts without consent.
 * @returns whether the person agreed
 * @throws CliError `confirmation_required` (exit 2)
 */
export async function confirmAction(context: Context, question: string): Promise<boolean> {
  if (context.yes) return true
  if (!canAsk()) {
    throw new CliError(
      'confirmation_required',
      `${question} Needs a confirmation: run it again with --yes (no terminal to ask on).`,
      ExitCode.usage
    )
  }
  return confirm({ message: question, default: false }, { output: process.stderr })
}
