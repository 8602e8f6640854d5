import { test } from '@japa/runner'
import { spawn } from 'node:child_process'
import { createServer, type AddressInfo, type Socket } from 'node:net'
import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import ApiToken from '#keys/models/api_token'
import { API_KEY_PATTERN } from '#keys/services/api_key_format'
import { CallLog } from '#usage/services/call_log'
import { Metering } from '#usage/services/metering'
import { billingPeriodAt } from '#usage/services/billing_period'
import { createApiKey, createUser, setPlan } from '#tests/helpers/factories'
import { logCallRecords, setUsage } from '#tests/helpers/usage'
import { ALEX, IDS, createConnectedUser, freshSandbox } from '#tests/helpers/meta'
import {
  CLI_ENTRY,
  CLI_NODE,
  cliEnvironment,
  jsonOf,
  mintCliToken,
  runCli,
  runCliOnTerminal,
} from '#tests/helpers/cli'
import type User from '#accounts/models/user'

/** A CLI environment signed in as `user` through ADRELAY_TOKEN. */
async function signedIn(user: User) {
  const { env } = await cliEnvironment({ ADRELAY_TOKEN: await mintCliToken(user, 'cli tests') })
  return env
}

/** For `runCliOnTerminal` when nothing is asked: a pattern that never matches. */
const NOTHING_ASKED = { when: /(?!)/, answer: '' }

/** Quotes one word for `sh -c`. */
const shellQuote = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`

/**
 * `adrelay <args> > file` typed at a terminal (util-linux `script`): stdin and stderr are the
 * terminal, stdout goes to a file, as when a person saves `--json` results while answering the
 * CLI's questions. `answer` is typed once the terminal shows `when`.
 * @returns the exit code, what the terminal showed (stderr) and what went to the file (stdout)
 */
async function runCliOnTerminalToFile(
  args: string[],
  env: Record<string, string>,
  interaction: { when: RegExp; answer: string }
): Promise<{ code: number | null; terminal: string; stdout: string }> {
  const file = join(await mkdtemp(join(tmpdir(), 'adrelay-cli-out-')), 'stdout')
  const command = `stty cols 120 rows 40; exec timeout 30 ${[CLI_NODE, CLI_ENTRY, ...args].map(shellQuote).join(' ')} > ${shellQuote(file)}`
  const child = spawn('script', ['-qec', command, '/dev/null'], {
    env: { ...env, TERM: 'xterm-256color' },
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  let terminal = ''
  let answered = false
  child.stdout!.on('data', (chunk) => {
    terminal += chunk
    if (!answered && interaction.when.test(terminal)) {
      answered = true
      child.stdin!.write(interaction.answer)
    }
  })
  child.stderr!.on('data', (chunk) => (terminal += chunk))
  const code = await new Promise<number | null>((resolve) =>
    child.once('close', (exitCode) => {
      child.stdin!.destroy()
      resolve(exitCode)
    })
  )
  return { code, terminal, stdout: await readFile(file, 'utf8') }
}

/** This month's counted requests, read through the quota store (database or Redis). */
async function quotaUsed(userId: number) {
  const metering = await app.container.make(Metering)
  return metering.quotas.current(userId, billingPeriodAt().period)
}

test.group('adrelay keys', () => {
  test('create prints the key once, list shows it masked, revoke asks first', async ({
    assert,
    client,
  }) => {
    const user = await createUser()
    const env = await signedIn(user)

    const created = await runCli(['keys', 'create', '--name', 'n8n prod', '--json'], env)
    assert.equal(created.code, 0, created.stderr)
    const key = jsonOf(created)
    assert.sameMembers(Object.keys(key), [
      'id',
      'name',
      'token',
      'createdAt',
      'label',
      'monthlyLimit',
    ])
    assert.equal(key.name, 'n8n prod')
    assert.match(key.token, API_KEY_PATTERN)

    const plain = await runCli(['keys', 'create', '--name', 'zapier'], env)
    assert.match(plain.stdout.trim(), API_KEY_PATTERN)
    assert.include(plain.stderr, 'Copy it now')

    const listed = await runCli(['keys', 'list', '--json'], env)
    const keys = jsonOf(listed)
    assert.lengthOf(keys, 2)
    assert.sameMembers(Object.keys(keys[0]), [
      'id',
      'name',
      'token',
      'createdAt',
      'lastUsedAt',
      'expiresAt',
      'label',
      'monthlyLimit',
      'usage',
    ])
    assert.notInclude(listed.stdout, key.token)
    const piped = await runCli(['keys', 'list'], env)
    // ID, NAME, LABEL (none), KEY (masked), USAGE this month
    assert.include(piped.stdout, `${key.id}\tn8n prod\t\t${key.token.slice(0, 8)}`)

    // No TTY and no --yes: nothing is revoked, exit 2.
    const refused = await runCli(['keys', 'revoke', String(key.id)], env)
    assert.equal(refused.code, 2)
    assert.include(refused.stderr, 'Error (confirmation_required)')
    ;(await client.get('/api/v1/usage').bearerToken(key.token)).assertStatus(200)

    const revoked = await runCli(['keys', 'revoke', String(key.id), '--yes', '--json'], env)
    assert.equal(revoked.code, 0, revoked.stderr)
    assert.deepEqual(jsonOf(revoked), { id: key.id, revoked: true })
    ;(await client.get('/api/v1/usage').bearerToken(key.token)).assertStatus(401)

    const missing = await runCli(['keys', 'revoke', String(key.id), '--yes'], env)
    assert.equal(missing.code, 5)
    assert.include(missing.stderr, 'Error (not_found): API key not found.')
  })

  test('rotate: the old key keeps working through the grace period, then answers 401', async ({
    assert,
    client,
  }) => {
    const user = await createUser()
    const env = await signedIn(user)
    const { record, key: oldKey } = await createApiKey(user, 'deploy')
    ;(await client.get('/api/v1/usage').bearerToken(oldKey)).assertStatus(200)

    const before = Date.now()
    const rotated = await runCli(
      ['keys', 'rotate', String(record.id), '--grace', '3s', '--json'],
      env
    )
    assert.equal(rotated.code, 0, rotated.stderr)
    const body = jsonOf(rotated)
    assert.equal(body.name, 'deploy')
    assert.match(body.token, API_KEY_PATTERN)
    assert.equal(body.previous.id, record.id)
    assert.isNull(body.previous.revokedAt)
    const graceEnd = new Date(body.previous.expiresAt).getTime()
    // At least the 3 s asked for, counted from the request (rounded up to a whole second).
    assert.isAtLeast(graceEnd, before + 3000)
    assert.isAtMost(graceEnd, Date.now() + 4000)

    // Within the grace period both keys work (the old one was cached before the rotation).
    const listed = await client.get('/api/tokens').loginAs(user)
    assert.sameMembers(
      listed.body().map((key: { id: number }) => key.id),
      [record.id, body.id]
    )
    ;(await client.get('/api/v1/usage').bearerToken(oldKey)).assertStatus(200)
    ;(await client.get('/api/v1/usage').bearerToken(body.token)).assertStatus(200)

    // The grace period is the thing under test: wait for its end itself.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, graceEnd - Date.now()) + 100))
    ;(await client.get('/api/v1/usage').bearerToken(oldKey)).assertStatus(401)
    ;(await client.get('/api/v1/usage').bearerToken(body.token)).assertStatus(200)
    const after = jsonOf(await runCli(['keys', 'list', '--json'], env))
    assert.deepEqual(
      after.map((key: { id: number }) => key.id),
      [body.id]
    )
  })

  test('a client key: create with a label and a monthly limit, list its usage, clear the limit', async ({
    assert,
    client,
  }) => {
    const user = await createUser()
    const env = await signedIn(user)
    const created = jsonOf(
      await runCli(
        [
          'keys',
          'create',
          '--name',
          'portal',
          '--label',
          'Acme',
          '--monthly-limit',
          '500',
          '--json',
        ],
        env
      )
    )
    assert.containsSubset(created, { label: 'Acme', monthlyLimit: 500 })
    ;(await client.get('/api/v1/usage').bearerToken(created.token)).assertStatus(200)
    const piped = await runCli(['keys', 'list'], env)
    assert.include(piped.stdout, `${created.id}\tportal\tAcme\t`)
    assert.include(piped.stdout, '\t1/500\t')
    const updated = jsonOf(
      await runCli(['keys', 'update', String(created.id), '--monthly-limit', 'none', '--json'], env)
    )
    assert.containsSubset(updated, { label: 'Acme', monthlyLimit: null, usage: 1 })
    const bad = await runCli(['keys', 'create', '--name', 'x', '--monthly-limit', '-5'], env)
    assert.equal(bad.code, 2)

    // Nothing to change: said so, exit 2.
    const nothing = await runCli(['keys', 'update', String(created.id)], env)
    assert.equal(nothing.code, 2)
    assert.include(nothing.stderr, 'Error (usage_error): Give --label and/or --monthly-limit.')
    const nothingJson = await runCli(['keys', 'update', String(created.id), '--json'], env)
    assert.equal(nothingJson.code, 2)
    assert.equal(JSON.parse(nothingJson.stderr).error.code, 'usage_error')
  })

  test('revoke declined at a terminal with --json: the key stays, the JSON says revoked false', async ({
    assert,
    client,
  }) => {
    const user = await createUser()
    const env = await signedIn(user)
    const { record, key } = await createApiKey(user, 'keep me')
    const declined = await runCliOnTerminalToFile(
      ['keys', 'revoke', String(record.id), '--json'],
      { ...env, NO_COLOR: '1' },
      { when: /Revoke API key \d+\?/, answer: 'n\r' }
    )
    assert.equal(declined.code, 0, declined.terminal)
    assert.deepEqual(JSON.parse(declined.stdout), { id: record.id, revoked: false })
    ;(await client.get('/api/v1/usage').bearerToken(key)).assertStatus(200)
  })

  test('rotate without a grace period revokes the old key at once', async ({ assert, client }) => {
    const user = await createUser()
    const env = await signedIn(user)
    const { record, key: oldKey } = await createApiKey(user, 'deploy')
    const rotated = await runCli(['keys', 'rotate', String(record.id)], env)
    assert.equal(rotated.code, 0, rotated.stderr)
    assert.include(rotated.stderr, `The old key ${record.id} is revoked.`)
    ;(await client.get('/api/v1/usage').bearerToken(oldKey)).assertStatus(401)
    assert.match(rotated.stdout.trim(), API_KEY_PATTERN)
    const bad = await runCli(['keys', 'rotate', String(record.id), '--grace', 'soon'], env)
    assert.equal(bad.code, 2)
  })
})

test.group('adrelay usage', () => {
  test('the month per day and per key, with the quota line; not counted against the quota', async ({
    assert,
  }) => {
    const user = await createUser()
    const env = await signedIn(user)
    const { record } = await createApiKey(user, 'reporting')
    await setUsage(user.id, 42)
    const now = new Date()
    await logCallRecords(
      user.id,
      [200, 200, 500].map((status) => ({
        tokenId: record.id,
        method: 'GET',
        endpoint: '/api/v1/usage',
        status,
        ms: 12,
        at: now,
      }))
    )

    const report = await runCli(['usage', '--json'], env)
    assert.equal(report.code, 0, report.stderr)
    const body = jsonOf(report)
    assert.equal(body.period, billingPeriodAt().period)
    assert.deepEqual(body.quota.used, 42)
    assert.equal(body.quota.limit, 10_000)
    assert.equal(body.plan.name, 'Free')
    assert.deepEqual(body.totals, { calls: 3, successful: 2, failed: 1, successRate: 66.7 })
    assert.lengthOf(body.daily, now.getUTCDate())
    assert.containsSubset(body.daily.at(-1), { calls: 3, failed: 1 })
    assert.containsSubset(body.credentials, [
      { tokenId: record.id, name: 'reporting', kind: 'api_key', calls: 3 },
    ])

    const byDay = await runCli(['usage'], env)
    assert.include(byDay.stdout, `42 of 10,000 requests (0.4%) in ${body.period} · Free plan`)
    assert.match(byDay.stdout, new RegExp(`${body.daily.at(-1).date} +█+ +3 \\(1 failed\\)`))

    const byKey = await runCli(['usage', '--by', 'key'], env)
    assert.match(byKey.stdout, new RegExp(`reporting #${record.id} +█+ +3`))

    assert.equal(await quotaUsed(user.id), 42)

    const future = await runCli(['usage', '--month', '2999-01'], env)
    assert.equal(future.code, 2)
    assert.include(future.stderr, 'Error (validation_failed)')
    assert.equal((await runCli(['usage', '--month', 'last'], env)).code, 2)
  })

  test('usage --help lists its flags and the usage actions', async ({ assert }) => {
    const user = await createUser()
    const env = await signedIn(user)
    const help = await runCli(['usage', '--help'], env)
    assert.equal(help.code, 0, help.stderr)
    assert.include(help.stdout, 'Usage: adrelay usage [options] [command]')
    assert.match(help.stdout, /--by <what> +one bar per day or per key \(choices: "day", "key",/)
    assert.match(help.stdout, /--month <YYYY-MM> +month to show/)
    assert.match(help.stdout, /get-usage +Get API usage/)
    const viaHelp = await runCli(['help', 'usage'], env)
    assert.include(viaHelp.stdout, '--by <what>')
  })
})

test.group('adrelay <module> <action> (generated from the OpenAPI document)', () => {
  test('meta list-campaigns reads the sandbox, metered like an API call', async ({ assert }) => {
    await freshSandbox()
    const user = await createConnectedUser()
    const env = await signedIn(user)

    const result = await runCli(
      ['meta', 'list-campaigns', '--ad-account-id', ALEX.accounts[0], '--json'],
      env
    )
    assert.equal(result.code, 0, result.stderr)
    const ids = jsonOf(result).campaigns.map((campaign: { id: string }) => campaign.id)
    assert.include(ids, IDS.cboCampaign)

    const table = await runCli(['meta', 'list-campaigns', '--ad-account-id', ALEX.accounts[0]], env)
    assert.include(table.stdout, 'Prospecting - Broad (Advantage+ budget)')

    assert.equal(await quotaUsed(user.id), 2)
    await (await app.container.make(CallLog)).flush()
    const token = await ApiToken.query()
      .where({ user_id: user.id, kind: 'cli_token' })
      .firstOrFail()
    const calls = await db.from('api_calls').where({ user_id: user.id, token_id: token.id })
    assert.lengthOf(calls, 2)
    assert.equal(calls[0].endpoint, '/api/v1/meta/list_campaigns')

    const help = await runCli(['meta', 'list-campaigns', '--help'], env)
    assert.include(help.stdout, '--ad-account-id <string>')
    assert.include(help.stdout, 'act_100000000001')
  })

  test('a write previews, needs --yes without a TTY, and applies with --yes', async ({
    assert,
  }) => {
    const sandbox = await freshSandbox()
    const user = await createConnectedUser()
    await setPlan(user, 'trafficker')
    const env = await signedIn(user)
    const args = ['meta', 'update-campaign-status', '--campaign-id', IDS.cboCampaign]

    const badChoice = await runCli([...args, '--status', 'STOPPED'], env)
    assert.equal(badChoice.code, 2)
    assert.include(badChoice.stderr, 'must be one of: ACTIVE, PAUSED')

    const preview = await runCli([...args, '--status', 'PAUSED'], env)
    assert.equal(preview.code, 2)
    assert.include(preview.stdout, 'Status: Active → Paused')
    // The CLI's word for the API's confirm: true is --yes: the server words the preview for
    // the CLI's User-Agent.
    assert.include(
      preview.stderr,
      'Preview only: nothing was sent to Meta. Run the command again with --yes to apply.'
    )
    assert.notInclude(preview.stderr, 'confirm: true')
    assert.include(preview.stderr, 'Error (confirmation_required)')
    assert.equal(sandbox.store.campaigns.get(IDS.cboCampaign)!.status, 'ACTIVE')
    // The preview is a request of its own, counted like any other.
    assert.equal(await quotaUsed(user.id), 1)

    // With --json and nobody to ask, the preview is the JSON on stdout, the error on stderr.
    const previewJson = await runCli([...args, '--status', 'PAUSED', '--json'], env)
    assert.equal(previewJson.code, 2)
    assert.containsSubset(jsonOf(previewJson), {
      preview: true,
      applied: false,
      changes: [{ field: 'status', before: 'ACTIVE', after: 'PAUSED' }],
    })
    assert.equal(JSON.parse(previewJson.stderr).error.code, 'confirmation_required')
    assert.equal(sandbox.store.campaigns.get(IDS.cboCampaign)!.status, 'ACTIVE')

    const applied = await runCli([...args, '--status', 'PAUSED', '--yes', '--json'], env)
    assert.equal(applied.code, 0, applied.stderr)
    assert.containsSubset(jsonOf(applied), { preview: false, applied: true })
    assert.equal(sandbox.store.campaigns.get(IDS.cboCampaign)!.status, 'PAUSED')
  })

  test('on a terminal, a write shows the preview, asks, and applies after "y"', async ({
    assert,
  }) => {
    const sandbox = await freshSandbox()
    const user = await createConnectedUser()
    await setPlan(user, 'trafficker')
    const env = await signedIn(user)
    const args = ['meta', 'update-ad-set-status', '--ad-set-id', IDS.cboAdSet, '--status', 'PAUSED']

    const declined = await runCliOnTerminal(
      args,
      { ...env, NO_COLOR: '1' },
      {
        when: /Apply this change\?/,
        answer: 'n\r',
      }
    )
    assert.equal(declined.code, 0, declined.output)
    assert.include(declined.output, 'Status: Active → Paused')
    assert.include(declined.output, 'Nothing was changed.')
    assert.equal(sandbox.store.adSets.get(IDS.cboAdSet)!.status, 'ACTIVE')

    const accepted = await runCliOnTerminal(args, env, {
      when: /Apply this change\?/,
      answer: 'y\r',
    })
    assert.equal(accepted.code, 0, accepted.output)
    // Colours on a terminal without NO_COLOR: the new value in bold.
    assert.include(accepted.output, 'Active → \u001b[1mPaused')
    assert.include(accepted.output, 'Applied at Meta.')
    assert.equal(sandbox.store.adSets.get(IDS.cboAdSet)!.status, 'PAUSED')
  })

  test('on a terminal with --json, a write shows the preview on stderr before asking', async ({
    assert,
  }) => {
    const sandbox = await freshSandbox()
    const user = await createConnectedUser()
    await setPlan(user, 'trafficker')
    const env = await signedIn(user)
    const declined = await runCliOnTerminalToFile(
      ['meta', 'update-ad-set-status', '--ad-set-id', IDS.cboAdSet, '--status', 'PAUSED', '--json'],
      { ...env, NO_COLOR: '1' },
      { when: /Apply this change\?/, answer: 'n\r' }
    )
    assert.equal(declined.code, 0, declined.terminal)
    const asked = declined.terminal.indexOf('Apply this change?')
    assert.isAbove(asked, 0, declined.terminal)
    assert.include(declined.terminal.slice(0, asked), 'Status: Active → Paused')
    assert.include(declined.terminal.slice(0, asked), 'Preview only:')
    // stdout holds the JSON alone.
    assert.containsSubset(JSON.parse(declined.stdout), { preview: true })
    assert.equal(sandbox.store.adSets.get(IDS.cboAdSet)!.status, 'ACTIVE')
  })

  test('exit codes: 2 usage, 3 authentication, 4 quota exceeded, 5 not found, with the server code', async ({
    assert,
  }) => {
    const user = await createUser()
    const env = await signedIn(user)

    const usage = await runCli(['keys', 'create'], env)
    assert.equal(usage.code, 2)
    assert.include(usage.stderr, "required option '--name <name>' not specified")
    assert.include(usage.stderr, '(add --help for usage)')
    // With --json, stderr is the JSON error alone (no hint after it).
    const usageJson = await runCli(['keys', 'create', '--json'], env)
    assert.equal(usageJson.code, 2)
    assert.deepEqual(JSON.parse(usageJson.stderr), {
      error: { code: 'usage_error', message: "required option '--name <name>' not specified" },
    })

    const unknown = await runCli(['keys', 'list', '--json'], {
      ...env,
      ADRELAY_TOKEN: 'adrc_000000000000000000000000000000',
    })
    assert.equal(unknown.code, 3)
    assert.equal(JSON.parse(unknown.stderr).error.code, 'invalid_api_key')

    const unsigned = await cliEnvironment()
    assert.equal((await runCli(['keys', 'list'], unsigned.env)).code, 3)

    await setUsage(user.id, 10_000)
    const over = await runCli(['usage', 'get-usage'], env)
    assert.equal(over.code, 4)
    assert.include(over.stderr, 'Error (quota_exceeded): Monthly request quota of 10000 reached.')

    // A key's own monthly limit reached is a quota exceeded too.
    const other = await createUser()
    const { key } = await createApiKey(other, 'client', { monthlyLimit: 1 })
    const { env: keyEnv } = await cliEnvironment({ ADRELAY_API_KEY: key })
    assert.equal((await runCli(['usage', 'get-usage'], keyEnv)).code, 0)
    const overKey = await runCli(['usage', 'get-usage'], keyEnv)
    assert.equal(overKey.code, 4)
    assert.include(overKey.stderr, "Error (key_quota_exceeded): This key's monthly limit of 1")

    assert.equal((await runCli(['keys', 'revoke', '999999', '--yes'], env)).code, 5)
  })
})

test.group('adrelay --help on a fresh machine', () => {
  test('lists the action commands, fetching the action list first', async ({ assert }) => {
    const { env } = await cliEnvironment()
    const help = await runCli(['--help'], env)
    assert.equal(help.code, 0, help.stderr)
    assert.match(help.stdout, /^ {2}meta +Actions of the meta module$/m)
    assert.match(help.stdout, /^ {2}keys +Create, list, revoke and rotate API keys$/m)
    // The list is cached: completion, which never waits for the network, offers it now.
    assert.equal((await runCli(['__complete', '--', 'me'], env)).stdout, 'meta\n')
  })

  test('says why the action commands are missing when the server cannot be reached', async ({
    assert,
  }) => {
    const missing = (server: string, reason: string) =>
      "The action commands (meta, usage, …) come from the server's action list, which could " +
      `not be loaded: Could not reach ${server} (${reason}). Run \`adrelay --help\` again once ` +
      `${server} answers`
    const oneLine = (text: string) => text.replace(/\s+/g, ' ')

    // A server that accepts the connection and never answers: help waits 3 s, not for ever.
    const sockets = new Set<Socket>()
    const silent = createServer((socket) => sockets.add(socket.resume()))
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`
    try {
      const { env } = await cliEnvironment({ ADRELAY_API_URL: silentUrl })
      const help = await runCli(['--help'], env)
      assert.equal(help.code, 0, help.stderr)
      assert.include(help.stdout, 'login [options]')
      assert.notMatch(help.stdout, /^ {2}meta /m)
      assert.include(oneLine(help.stdout), missing(silentUrl, 'no answer within 3000 ms'))
    } finally {
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => silent.close(resolve))
    }

    // Nothing listening at all (the port of the server just closed).
    const { env } = await cliEnvironment({ ADRELAY_API_URL: silentUrl })
    const help = await runCli(['help'], env)
    assert.equal(help.code, 0, help.stderr)
    assert.include(oneLine(help.stdout), missing(silentUrl, 'ECONNREFUSED'))
  })
})

test.group('adrelay mcp config and completion', () => {
  test('mcp config prints the server snippets with the key filled in', async ({ assert }) => {
    const { env } = await cliEnvironment()
    const cursor = await runCli(
      ['mcp', 'config', '--client', 'cursor', '--key', 'adr_example'],
      env
    )
    assert.equal(cursor.code, 0, cursor.stderr)
    const config = JSON.parse(cursor.stdout)
    assert.equal(config.mcpServers.adrelay.headers.Authorization, 'Bearer adr_example')
    assert.match(config.mcpServers.adrelay.url, /\/mcp$/)

    const claude = await runCli(['mcp', 'config', '--client', 'claude', '--json'], env)
    const body = jsonOf(claude)
    assert.deepEqual(
      body.snippets.map((snippet: { id: string }) => snippet.id),
      ['claude-code', 'claude-desktop']
    )
    assert.include(body.snippets[0].text, 'YOUR_ADRELAY_API_KEY')

    const n8n = await runCli(['mcp', 'config', '--client', 'n8n'], env)
    assert.include(n8n.stdout, '@n8n/n8n-nodes-langchain.mcpClientTool')
    assert.equal((await runCli(['mcp', 'config', '--client', 'vscode'], env)).code, 2)
  })

  test('completion scripts call back into the CLI for candidates, actions included', async ({
    assert,
  }) => {
    const user = await createUser()
    const env = await signedIn(user)
    for (const shell of ['bash', 'zsh', 'fish']) {
      const script = await runCli(['completion', shell], env)
      assert.equal(script.code, 0)
      assert.include(script.stdout, 'adrelay __complete --')
    }
    assert.deepEqual((await runCli(['__complete', '--', 'ke'], env)).stdout.split('\n'), [
      'keys',
      '',
    ])
    assert.deepEqual((await runCli(['__complete', '--', 'keys', 'r'], env)).stdout.split('\n'), [
      'revoke',
      'rotate',
      '',
    ])
    // Once the action list is cached, completion offers the generated commands offline.
    await runCli(['meta', '--help'], env)
    const meta = await runCli(['__complete', '--', 'meta', 'list-c'], env)
    assert.equal(meta.stdout, 'list-campaigns\n')
  })
})

test.group('adrelay output', () => {
  test('the spinner is coloured on a terminal, and not with NO_COLOR', async ({ assert }) => {
    const user = await createUser()
    const env = await signedIn(user)
    const escape = '\u001b'
    // A braille spinner frame in cyan (ora's default colour), and any colour or style at all.
    const cyanFrame = new RegExp(`${escape}\\[36m[\\u2800-\\u28ff]`)
    const styled = new RegExp(`${escape}\\[[\\d;]*m`)

    const coloured = await runCliOnTerminal(['keys', 'list'], env, NOTHING_ASKED)
    assert.equal(coloured.code, 0, coloured.output)
    assert.match(coloured.output, cyanFrame)

    const plain = await runCliOnTerminal(['keys', 'list'], { ...env, NO_COLOR: '1' }, NOTHING_ASKED)
    assert.equal(plain.code, 0, plain.output)
    assert.match(plain.output, /[\u2800-\u28ff] Loading keys…/)
    assert.notMatch(plain.output, styled)
  })
})
