import { type Command, InvalidArgumentError } from 'commander'
import ms from 'ms'
import { CliError, ExitCode } from '../errors.js'
import { confirmAction } from '../prompt.js'
import type { Context, RunWith } from '../context.js'

/** `GET /api/v1/keys` item (app/keys/http/cli_endpoints.ts). */
interface ListedKey {
  id: number
  name: string
  token: string
  createdAt: string
  lastUsedAt: string | null
  expiresAt: string | null
  label: string | null
  monthlyLimit: number | null
  usage: number
}

interface CreatedKey {
  id: number
  name: string
  token: string
  createdAt: string
}

/** A positive key id. */
function keyId(value: string): number {
  const id = Number(value)
  if (!Number.isInteger(id) || id <= 0)
    throw new InvalidArgumentError('must be a key id (a positive whole number)')
  return id
}

/**
 * A key's monthly request limit: a positive whole number, or `none` to clear it (kept as the
 * word: commander turns a parser's null into an empty string).
 */
export function monthlyLimit(value: string): number | 'none' {
  if (value === 'none') return 'none'
  const limit = Number(value)
  if (!Number.isInteger(limit) || limit <= 0)
    throw new InvalidArgumentError('must be a positive whole number of requests, or none')
  return limit
}

/** `24h`, `30m`, `7d`, `0` → seconds (at most 30 days, the server's limit). */
export function graceSeconds(value: string): number {
  const milliseconds = /^\d+$/.test(value) ? Number(value) * 1000 : ms(value as ms.StringValue)
  if (typeof milliseconds !== 'number' || !Number.isFinite(milliseconds) || milliseconds < 0) {
    throw new InvalidArgumentError('must be a duration such as 0, 30m, 24h or 7d')
  }
  const seconds = Math.round(milliseconds / 1000)
  if (seconds > 30 * 86_400) throw new InvalidArgumentError('must be at most 30d')
  return seconds
}

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : 'never')

/** `keys create|list|revoke|rotate` (a CLI token is needed: API keys cannot manage keys). */
export function keysCommands(program: Command, run: RunWith) {
  const keys = program.command('keys').description('Create, list, revoke and rotate API keys')

  keys
    .command('create')
    .description('Create an API key; the key is printed once')
    .requiredOption('--name <name>', 'name of the key (1-100 characters)')
    .option('--label <client>', 'the client the key is for (1-100 characters)')
    .option(
      '--monthly-limit <requests>',
      "the key's own monthly request limit (at most the plan's quota)",
      monthlyLimit
    )
    .action(
      run(
        async (
          context: Context,
          options: { name: string; label?: string; monthlyLimit?: number | 'none' }
        ) => {
          const limit = options.monthlyLimit === 'none' ? null : options.monthlyLimit
          const { body } = await context.request<CreatedKey>('POST', '/api/v1/keys', {
            body: { name: options.name, label: options.label, monthlyLimit: limit },
            spinner: 'Creating the key…',
          })
          context.output.result(body, () => {
            context.output.success(
              `Created API key "${body.name}" (id ${body.id}). Copy it now: it is not shown again.`
            )
            context.output.line(body.token)
          })
        }
      )
    )

  keys
    .command('update')
    .description("Change a key's client label or monthly limit")
    .argument('<id>', 'key id (see `adrelay keys list`)', keyId)
    .option('--label <client>', 'the client the key is for; `none` clears it')
    .option(
      '--monthly-limit <requests>',
      "the key's own monthly request limit; `none` clears it",
      monthlyLimit
    )
    .action(
      run(
        async (
          context: Context,
          id: number,
          options: { label?: string; monthlyLimit?: number | 'none' }
        ) => {
          if (options.label === undefined && options.monthlyLimit === undefined) {
            throw new CliError(
              'usage_error',
              'Give --label and/or --monthly-limit.',
              ExitCode.usage
            )
          }
          const label = options.label === 'none' ? null : options.label
          const { body } = await context.request<ListedKey>('PATCH', `/api/v1/keys/${id}`, {
            body: {
              label,
              monthlyLimit: options.monthlyLimit === 'none' ? null : options.monthlyLimit,
            },
            spinner: 'Updating the key…',
          })
          context.output.result(body, () =>
            context.output.success(
              `Updated API key ${body.id}: label ${body.label ?? 'none'}, monthly limit ${body.monthlyLimit ?? 'none'}.`
            )
          )
        }
      )
    )

  keys
    .command('list')
    .description('List API keys (masked)')
    .action(
      run(async (context: Context) => {
        const { body } = await context.request<ListedKey[]>('GET', '/api/v1/keys', {
          spinner: 'Loading keys…',
        })
        context.output.result(body, () => {
          if (body.length === 0) {
            context.output.info(
              'No API keys yet. Create one with `adrelay keys create --name <name>`.'
            )
            return
          }
          context.output.table(
            ['ID', 'NAME', 'LABEL', 'KEY', 'USAGE', 'CREATED', 'LAST USED', 'EXPIRES'],
            body.map((key) => [
              key.id,
              key.name,
              key.label ?? '',
              key.token,
              key.monthlyLimit === null ? String(key.usage) : `${key.usage}/${key.monthlyLimit}`,
              day(key.createdAt),
              day(key.lastUsedAt),
              day(key.expiresAt),
            ])
          )
        })
      })
    )

  keys
    .command('revoke')
    .description('Revoke an API key (asks first unless --yes)')
    .argument('<id>', 'key id (see `adrelay keys list`)', keyId)
    .action(
      run(async (context: Context, id: number) => {
        if (
          !(await confirmAction(
            context,
            `Revoke API key ${id}? Calls with it will fail from now on.`
          ))
        ) {
          context.output.result({ id, revoked: false }, () =>
            context.output.info('Nothing revoked.')
          )
          return
        }
        await context.request('DELETE', `/api/v1/keys/${id}`, { spinner: 'Revoking…' })
        context.output.result({ id, revoked: true }, () =>
          context.output.success(`Revoked API key ${id}.`)
        )
      })
    )

  keys
    .command('rotate')
    .description('Replace an API key with a new one of the same name')
    .argument('<id>', 'key id (see `adrelay keys list`)', keyId)
    .option(
      '--grace <duration>',
      'keep the old key working this long (e.g. 30m, 24h, 7d; default 0: revoke at once)',
      graceSeconds,
      0
    )
    .action(
      run(async (context: Context, id: number, options: { grace: number }) => {
        const { body } = await context.request<
          CreatedKey & {
            previous: { id: number; expiresAt: string | null; revokedAt: string | null }
          }
        >('POST', `/api/v1/keys/${id}/rotate`, {
          body: { graceSeconds: options.grace },
          spinner: 'Rotating…',
        })
        context.output.result(body, () => {
          const old = body.previous.expiresAt
            ? `The old key ${id} keeps working until ${body.previous.expiresAt}.`
            : `The old key ${id} is revoked.`
          context.output.success(
            `New key "${body.name}" (id ${body.id}). ${old} Copy the new key now: it is not shown again.`
          )
          context.output.line(body.token)
        })
      })
    )
}
