import { type Command } from 'commander'
import { flagFor, kebabCase, optionsFor } from '../flags.js'
import { toQuery, type PublishedAction } from '../openapi.js'
import { canAsk, confirmAction } from '../prompt.js'
import type { Context, RunWith } from '../context.js'
import type { Output } from '../output.js'

/**
 * One command per published action, grouped by module (`adrelay meta list-campaigns`), built
 * from the server's OpenAPI document: no schema is written twice. A module whose name is a
 * built-in command (`usage`) gets its actions as subcommands of it.
 */
export function addActionCommands(program: Command, actions: PublishedAction[], run: RunWith) {
  const modules = new Map<string, Command>()
  for (const action of actions) {
    let group =
      modules.get(action.module) ??
      program.commands.find((command) => command.name() === action.module)
    if (!group)
      group = program.command(action.module).description(`Actions of the ${action.module} module`)
    modules.set(action.module, group)

    const command = group
      .command(kebabCase(action.name))
      .summary(action.summary)
      .description(
        [
          action.description,
          action.readOnly
            ? ''
            : 'Prints a preview of the change and asks before applying it (--yes applies at once).',
        ]
          .filter(Boolean)
          .join('\n\n')
      )
    const attributes: Array<[string, string]> = []
    for (const field of action.fields) {
      const options = optionsFor(flagFor(field))
      for (const option of options) command.addOption(option)
      attributes.push([options[0].attributeName(), field.name])
    }
    command.action(
      run(async (context: Context, options: Record<string, unknown>) => {
        const input: Record<string, unknown> = {}
        for (const [attribute, name] of attributes) {
          if (options[attribute] !== undefined) input[name] = options[attribute]
        }
        await runAction(context, action, input)
      })
    )
  }
}

/** Calls the action; a write is previewed and confirmed first unless `--yes`. */
async function runAction(
  context: Context,
  action: PublishedAction,
  input: Record<string, unknown>
) {
  const client = await context.client()
  const call = (body: Record<string, unknown>) =>
    action.method === 'GET'
      ? client.request('GET', action.path, {
          query: toQuery(action.fields, input),
          spinner: `${action.summary}…`,
        })
      : client.request('POST', action.path, { body, spinner: `${action.summary}…` })

  if (!action.confirmable) {
    const { body } = await call(input)
    context.output.result(body, () => printResult(context.output, body))
    return
  }
  if (context.yes) {
    const { body } = await call({ ...input, confirm: true })
    context.output.result(body, () => printResult(context.output, body))
    return
  }
  // The preview is a request of its own, counted like any other (the server computes it).
  const previewed = await call(input)
  const preview = previewed.body as Record<string, unknown>
  if (!context.output.json) printResult(context.output, preview)
  const nothingToDo =
    Array.isArray(preview.changes) &&
    preview.changes.every((change: any) => change.before === change.after)
  if (nothingToDo) {
    if (context.output.json) context.output.result(preview, () => {})
    return
  }
  if (context.output.json) {
    // With --json stdout carries the JSON only: the person asked sees the preview on stderr;
    // without anyone to ask, the preview is the result (and the exit code 2 says so).
    if (canAsk()) printResult(context.output.onStderr(), preview)
    else context.output.result(preview, () => {})
  }
  if (!(await confirmAction(context, 'Apply this change?'))) {
    context.output.result(preview, () => context.output.info('Nothing was changed.'))
    return
  }
  const { body } = await call({ ...input, confirm: true })
  context.output.result(body, () => printResult(context.output, body))
}

/**
 * A server message as the CLI says it: the API's `confirm: true` is the CLI's `--yes`
 * ("Preview only: nothing was sent to Meta. Call again with confirm: true to apply." →
 * "… Run the command again with --yes to apply.").
 */
export function inCliTerms(message: string): string {
  return message
    .replace(
      /\b([Cc]all|[Ss]end|[Rr]un)( it)? again with `?confirm: ?true`?/g,
      (_, verb: string) =>
        verb[0] === verb[0].toUpperCase()
          ? 'Run the command again with --yes'
          : 'run the command again with --yes'
    )
    .replace(/`?\bconfirm: ?true\b`?/g, '--yes')
}

const isScalar = (value: unknown) =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value)
const show = (value: unknown) =>
  value === null || value === undefined
    ? ''
    : isScalar(value)
      ? String(value)
      : JSON.stringify(value)

/**
 * Prints an action result for people: a write's preview or outcome as before → after lines;
 * a list (an array of objects, or an object holding one) as a table of its scalar columns;
 * anything else as `key: value` lines.
 */
export function printResult(output: Output, result: unknown) {
  if (Array.isArray(result)) return printRows(output, result)
  if (result === null || typeof result !== 'object') return output.line(show(result))
  const record = result as Record<string, unknown>
  if (Array.isArray(record.changes) && 'preview' in record) {
    output.line(
      `${output.colors.bold(show(record.name))} (${show(record.objectType)} ${show(record.objectId)})`
    )
    // The server words each change (label, beforeText, afterText: money in the account
    // currency, enums in words); the raw field and values are the fallback.
    for (const change of record.changes as Array<Record<string, unknown>>) {
      const before = 'beforeText' in change ? change.beforeText : change.before
      const after = 'afterText' in change ? change.afterText : change.after
      output.line(
        `  ${show(change.label ?? change.field)}: ${show(before) || '—'} → ${output.colors.bold(show(after) || '—')}`
      )
    }
    for (const warning of (record.warnings as string[] | undefined) ?? []) output.warn(warning)
    output.info(inCliTerms(show(record.message)))
    return
  }
  const lists = Object.entries(record).filter(
    ([, value]) =>
      Array.isArray(value) &&
      value.length > 0 &&
      value.every((item) => item && typeof item === 'object')
  )
  for (const [key, value] of Object.entries(record)) {
    if (lists.length === 1 && key === lists[0][0]) continue
    output.line(`${key}: ${key === 'message' ? inCliTerms(show(value)) : show(value)}`)
  }
  if (lists.length === 1) printRows(output, lists[0][1] as unknown[])
}

function printRows(output: Output, rows: unknown[]) {
  if (rows.length === 0) return output.info('(none)')
  const objects = rows.filter(
    (row): row is Record<string, unknown> => !!row && typeof row === 'object'
  )
  if (objects.length !== rows.length) return rows.forEach((row) => output.line(show(row)))
  const columns = Object.keys(objects[0])
    .filter((key) => isScalar(objects[0][key]))
    .slice(0, 7)
  output.table(
    columns.map((column) => kebabCase(column).toUpperCase().replace(/-/g, ' ')),
    objects.map((row) => columns.map((column) => show(row[column])))
  )
}
