import { test } from '@japa/runner'
import { createServer, type Socket } from 'node:net'
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { AsyncEntry } from '@napi-rs/keyring'
import { DateTime } from 'luxon'
import ApiToken from '#keys/models/api_token'
import DeviceAuthorization from '#keys/models/device_authorization'
import { hashApiKey } from '#keys/services/api_key_format'
import { RevokeApiKeys } from '#keys/actions/revoke_api_keys'
import { createApiKey, createUser } from '#tests/helpers/factories'
import {
  cliEnvironment,
  decideOnDevicePage as approve,
  jsonOf,
  mintCliToken,
  runCli,
  startCli,
  type CliProcess,
  type CliResult,
} from '#tests/helpers/cli'

/**
 * Resolves with `check()`'s first defined answer, asking every 100 ms: for effects of the CLI
 * child process that nothing signals to the test (its poll reached the server). Rejects with
 * the CLI's output if it ends first, rather than waiting for the test's timeout.
 */
async function until<T>(cli: CliProcess, check: () => Promise<T | undefined>): Promise<T> {
  let ended: CliResult | undefined
  void cli.done.then((result) => (ended = result))
  for (;;) {
    const answer = await check()
    if (answer !== undefined) return answer
    if (ended) {
      throw new Error(`The CLI ended first (exit ${ended.code}):\n${ended.stderr}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** Whether an OS keychain answers on this machine (no Secret Service on the CI machines). */
async function keychainWorks() {
  try {
    const entry = new AsyncEntry('adrelay-cli-test', 'probe', {
      linux: { store: 'secret-service' },
    })
    await entry.setPassword('x')
    await entry.deleteCredential()
    return true
  } catch {
    return false
  }
}

/**
 * A D-Bus session bus that accepts connections and never answers (a Secret Service stuck on
 * a headless machine), on a Unix socket under `home`.
 * @returns its `DBUS_SESSION_BUS_ADDRESS` and a function that closes it
 */
async function silentSessionBus(home: string) {
  const path = join(home, 'silent-bus')
  const sockets = new Set<Socket>()
  const server = createServer((socket) => {
    sockets.add(socket)
    socket.resume()
  })
  await new Promise<void>((resolve) => server.listen(path, resolve))
  return {
    address: `unix:path=${path}`,
    close: () => {
      for (const socket of sockets) socket.destroy()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** Runs `adrelay <args>`, killing it after `limitMs` so a hang ends as a failed test (exit null). */
async function runCliWithin(limitMs: number, args: string[], env: Record<string, string>) {
  const cli = startCli(args, env)
  const guard = setTimeout(() => cli.child.kill('SIGKILL'), limitMs)
  const result = await cli.done
  clearTimeout(guard)
  return result
}

test.group('adrelay login (device flow) and auth', () => {
  test('login: approved from a signed-in session, stored in a 0600 file in a 0700 folder', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const { env } = await cliEnvironment()
    const login = startCli(
      ['login', '--no-browser', '--insecure-storage', '--device-name', 'ci box'],
      env
    )
    const [, userCode] = await login.stderrMatching(/one-time code: ([A-Z]{4}-[A-Z]{4})/)
    ;(await approve(client, user, userCode)).assertStatus(200)
    const result = await login.done
    assert.equal(result.code, 0, result.stderr)
    assert.include(result.stderr, `Logged in to ${env.ADRELAY_API_URL} as ${user.email}`)

    const folder = join(env.XDG_CONFIG_HOME, 'adrelay')
    const file = join(folder, 'credentials.json')
    assert.equal((await stat(file)).mode & 0o777, 0o600)
    assert.equal((await stat(folder)).mode & 0o777, 0o700)
    const stored = JSON.parse(await readFile(file, 'utf8')).profiles.default
    const token = await ApiToken.findByOrFail('token_hash', hashApiKey(stored.token))
    assert.equal(token.kind, 'cli_token')
    assert.equal(token.name, 'ci box')
    assert.equal(token.userId, user.id)

    const status = await runCli(['auth', 'status', '--json'], env)
    assert.equal(status.code, 0, status.stderr)
    assert.containsSubset(jsonOf(status), {
      profile: 'default',
      apiUrl: env.ADRELAY_API_URL,
      source: 'file',
      user: { email: user.email },
      plan: { id: 'free', name: 'Free' },
      credential: { kind: 'cli_token', name: 'ci box' },
    })
    assert.isString(jsonOf(status).credential.expiresAt)

    const human = await runCli(['auth', 'status'], env)
    assert.match(human.stdout, /Credential: +CLI token "ci box"/)
    assert.match(human.stdout, /From: +file .*credentials\.json/)
    assert.match(human.stdout, /Expires: +\d{4}-\d{2}-\d{2} \(in 90 days\)/)

    const printed = await runCli(['auth', 'token'], env)
    assert.equal(printed.stdout.trim(), stored.token)
  })

  test('login: denied in the browser ends with exit 3 and stores nothing', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const { env } = await cliEnvironment()
    const login = startCli(['login', '--no-browser', '--insecure-storage'], env)
    const [, userCode] = await login.stderrMatching(/one-time code: ([A-Z]{4}-[A-Z]{4})/)
    ;(await approve(client, user, userCode, 'deny')).assertStatus(200)
    const result = await login.done
    assert.equal(result.code, 3)
    assert.include(result.stderr, 'Error (access_denied): The sign-in was denied in the browser.')
    const status = await runCli(['auth', 'status'], env)
    assert.equal(status.code, 3)
  })

  test('login: a code that expires before approval ends with exit 3 and stores nothing', async ({
    assert,
  }) => {
    const { env } = await cliEnvironment()
    const login = startCli(['login', '--no-browser', '--insecure-storage'], env)
    const [, userCode] = await login.stderrMatching(/one-time code: ([A-Z]{4}-[A-Z]{4})/)
    // The 15 minutes pass before anyone approves (RFC 8628 §3.5 expired_token).
    const request = await DeviceAuthorization.findByOrFail('user_code', userCode.replace('-', ''))
    request.expiresAt = DateTime.utc().minus({ seconds: 1 })
    await request.save()

    const result = await login.done
    assert.equal(result.code, 3)
    assert.include(result.stderr, 'Error (expired_token): The code expired before it was approved.')
    await assert.rejects(() => stat(join(env.XDG_CONFIG_HOME, 'adrelay', 'credentials.json')))
  })

  test('login: told to slow_down, the CLI waits 5 s longer between polls and still signs in', async ({
    assert,
    client,
  }) => {
    const user = await createUser()
    const { env } = await cliEnvironment()
    const login = startCli(['login', '--no-browser', '--insecure-storage'], env)
    const [, userCode] = await login.stderrMatching(/one-time code: ([A-Z]{4}-[A-Z]{4})/)
    // Another poll with the same device code just happened: the CLI's own next poll, due 5 s
    // after the code was issued (or after its last poll), now comes too soon and gets slow_down
    // (RFC 8628 §3.5). The column keeps whole seconds, so the stamp is rounded up rather than
    // down. A poll that read the row before the stamp landed writes its own, earlier time over
    // it and is not too soon: the stamp is then put back, so the poll after it is.
    const request = await DeviceAuthorization.findByOrFail('user_code', userCode.replace('-', ''))
    let stampedAt = DateTime.utc()
    const stamp = async () => {
      stampedAt = DateTime.utc().plus({ seconds: 1 }).startOf('second')
      request.lastPolledAt = stampedAt
      await request.save()
    }
    await stamp()
    const slowedAt = await until(login, async () => {
      await request.refresh()
      if (request.intervalSeconds === 10) return Date.now()
      if (request.lastPolledAt === null || request.lastPolledAt < stampedAt) await stamp()
      return undefined
    })

    ;(await approve(client, user, userCode)).assertStatus(200)
    const result = await login.done
    assert.equal(result.code, 0, result.stderr)
    // The next poll came at the new 10 s interval, not after the original 5 s.
    assert.isAtLeast(Date.now() - slowedAt, 9_000)
    await request.refresh()
    assert.equal(request.status, 'consumed')
    assert.equal(request.intervalSeconds, 10)
  })

  test('login without a keychain fails at once with a hint, and writes no plaintext', async ({
    assert,
  }) => {
    const { env } = await cliEnvironment()
    const before = await DeviceAuthorization.query().count('* as total')
    const result = await runCli(['login', '--no-browser'], env)
    assert.equal(result.code, 1)
    assert.include(result.stderr, 'Error (keychain_unavailable)')
    assert.include(result.stderr, 'adrelay login --insecure-storage')
    assert.notInclude(result.stderr, 'one-time code')
    const after = await DeviceAuthorization.query().count('* as total')
    assert.equal(after[0].$extras.total, before[0].$extras.total)
    await assert.rejects(() => stat(join(env.XDG_CONFIG_HOME, 'adrelay', 'credentials.json')))
  }).skip(keychainWorks, 'an OS keychain answers on this machine')

  test('a keychain that never answers is given up after ADRELAY_KEYCHAIN_TIMEOUT_MS, with the hint', async ({
    assert,
  }) => {
    const { env, home } = await cliEnvironment({ ADRELAY_KEYCHAIN_TIMEOUT_MS: '500' })
    const bus = await silentSessionBus(home)
    try {
      const busEnv = { ...env, DBUS_SESSION_BUS_ADDRESS: bus.address }
      const before = await DeviceAuthorization.query().count('* as total')
      const login = await runCliWithin(20_000, ['login', '--no-browser'], busEnv)
      assert.equal(login.code, 1, `login did not end by itself:\n${login.stderr}`)
      assert.include(
        login.stderr,
        'Error (keychain_unavailable): The OS keychain is not available (no answer within 500 ms).'
      )
      assert.include(login.stderr, 'adrelay login --insecure-storage')
      assert.notInclude(login.stderr, 'one-time code')
      const after = await DeviceAuthorization.query().count('* as total')
      assert.equal(after[0].$extras.total, before[0].$extras.total)

      // Reading a stored token is bounded the same way.
      await mkdir(join(env.XDG_CONFIG_HOME, 'adrelay'), { recursive: true })
      await writeFile(
        join(env.XDG_CONFIG_HOME, 'adrelay', 'config.json'),
        JSON.stringify({
          profiles: { default: { apiUrl: env.ADRELAY_API_URL, storage: 'keychain' } },
        })
      )
      const status = await runCliWithin(20_000, ['auth', 'status'], busEnv)
      assert.equal(status.code, 1, `auth status did not end by itself:\n${status.stderr}`)
      assert.include(status.stderr, 'Error (keychain_unavailable)')
    } finally {
      await bus.close()
    }
  })

  test('a revoked CLI sign-in is reported as such, not as an API key', async ({
    assert,
    client,
  }) => {
    const user = await createUser()
    const { env } = await cliEnvironment()
    const token = await mintCliToken(user, 'laptop')
    await runCli(['login', '--with-token', '--insecure-storage'], env, token)
    const stored = await ApiToken.findByOrFail('token_hash', hashApiKey(token))
    // Revoked from the profile page's "CLI sessions" card.
    const revoked = await client
      .delete(`/api/cli-sessions/${stored.id}`)
      .withCsrfToken()
      .loginAs(user)
    revoked.assertStatus(204)

    const status = await runCli(['auth', 'status'], env)
    assert.equal(status.code, 3)
    assert.equal(
      status.stderr.trim(),
      'Error (invalid_api_key): Your CLI sign-in is no longer valid (revoked or expired). Run `adrelay login` to sign in again.'
    )
    const fromEnvironment = await runCli(['usage', 'get-usage'], { ...env, ADRELAY_TOKEN: token })
    assert.equal(fromEnvironment.code, 3)
    assert.include(fromEnvironment.stderr, 'The CLI token in ADRELAY_TOKEN is not valid')
    // The server names the credential too (REST, MCP and the CLI alike).
    const rest = await client.get('/api/v1/usage/get_usage').bearerToken(token)
    rest.assertStatus(401)
    assert.match(
      rest.body().error.message,
      /^The CLI token is invalid, has expired or has been revoked\./
    )
    const { key, record } = await createApiKey(user, 'n8n')
    await new RevokeApiKeys().one(user.id, record.id)
    const revokedKey = await client.get('/api/v1/usage/get_usage').bearerToken(key)
    assert.equal(revokedKey.body().error.message, 'The API key is invalid or has been revoked.')
  })

  test('login --with-token reads standard input; the file storage choice is remembered', async ({
    assert,
  }) => {
    const user = await createUser()
    const { env } = await cliEnvironment()
    const first = await runCli(
      ['login', '--with-token', '--insecure-storage'],
      env,
      (await mintCliToken(user)) + '\n'
    )
    assert.equal(first.code, 0, first.stderr)
    const second = await runCli(
      ['login', '--with-token', '--json'],
      env,
      await mintCliToken(user, 'second')
    )
    assert.equal(second.code, 0, second.stderr)
    assert.containsSubset(jsonOf(second), { storage: 'file', credential: { name: 'second' } })

    const bogus = await runCli(['login', '--with-token'], env, 'adrc_not-a-real-token')
    assert.equal(bogus.code, 3)
  })

  test('logout revokes the token on the server and forgets it here', async ({ assert, client }) => {
    const user = await createUser()
    const { env } = await cliEnvironment()
    const token = await mintCliToken(user, 'laptop')
    await runCli(['login', '--with-token', '--insecure-storage'], env, token)

    const result = await runCli(['logout', '--json'], env)
    assert.equal(result.code, 0, result.stderr)
    assert.deepEqual(jsonOf(result), { profile: 'default', revoked: true })
    ;(await client.get('/api/v1/auth/session').bearerToken(token)).assertStatus(401)
    const file = JSON.parse(
      await readFile(join(env.XDG_CONFIG_HOME, 'adrelay', 'credentials.json'), 'utf8')
    )
    assert.deepEqual(file.profiles, {})
    assert.equal((await runCli(['auth', 'status'], env)).code, 3)
  })

  test('ADRELAY_TOKEN and ADRELAY_API_KEY override what is stored; auth status names the source', async ({
    assert,
  }) => {
    const stored = await createUser()
    const other = await createUser()
    const { env } = await cliEnvironment()
    await runCli(['login', '--with-token', '--insecure-storage'], env, await mintCliToken(stored))

    const viaToken = await runCli(['auth', 'status', '--json'], {
      ...env,
      ADRELAY_TOKEN: await mintCliToken(other, 'ci'),
    })
    assert.containsSubset(jsonOf(viaToken), {
      source: 'ADRELAY_TOKEN',
      user: { email: other.email },
    })

    const { key } = await createApiKey(other, 'n8n')
    const viaKey = await runCli(['auth', 'status', '--json'], { ...env, ADRELAY_API_KEY: key })
    assert.containsSubset(jsonOf(viaKey), {
      source: 'ADRELAY_API_KEY',
      credential: { kind: 'api_key', name: 'n8n' },
    })
    // An API key runs actions but cannot manage keys.
    const keys = await runCli(['keys', 'list'], { ...env, ADRELAY_API_KEY: key })
    assert.equal(keys.code, 3)
    assert.include(keys.stderr, 'Error (cli_token_required)')
  })

  test('a stored credential is never sent to another server; --profile keeps accounts apart', async ({
    assert,
  }) => {
    const first = await createUser()
    const second = await createUser()
    const { env } = await cliEnvironment()
    await runCli(['login', '--with-token', '--insecure-storage'], env, await mintCliToken(first))
    await runCli(
      ['login', '--with-token', '--insecure-storage', '--profile', 'agency'],
      env,
      await mintCliToken(second)
    )
    assert.equal(jsonOf(await runCli(['auth', 'status', '--json'], env)).user.email, first.email)
    assert.equal(
      jsonOf(await runCli(['auth', 'status', '--json', '--profile', 'agency'], env)).user.email,
      second.email
    )

    const elsewhere = await runCli(['auth', 'status'], {
      ...env,
      ADRELAY_API_URL: 'http://127.0.0.1:9',
    })
    assert.equal(elsewhere.code, 2)
    assert.include(elsewhere.stderr, 'Error (server_mismatch)')
  })

  test('--profile=name and --profile name both pick the profile whose server lists the actions', async ({
    assert,
  }) => {
    const user = await createUser()
    const { env } = await cliEnvironment()
    const login = await runCli(
      ['login', '--with-token', '--insecure-storage', '--profile', 'work'],
      env,
      await mintCliToken(user)
    )
    assert.equal(login.code, 0, login.stderr)
    // The default profile is signed in to a server that does not answer.
    const configFile = join(env.XDG_CONFIG_HOME, 'adrelay', 'config.json')
    const config = JSON.parse(await readFile(configFile, 'utf8'))
    config.profiles.default = { apiUrl: 'http://127.0.0.1:9', storage: 'file' }
    await writeFile(configFile, JSON.stringify(config))
    const profileEnv = { ...env }
    delete profileEnv.ADRELAY_API_URL

    for (const profile of [['--profile=work'], ['--profile', 'work']]) {
      const result = await runCli([...profile, 'usage', 'get-usage', '--json'], profileEnv)
      assert.equal(result.code, 0, `${profile.join(' ')}: ${result.stderr}`)
      assert.equal(jsonOf(result).plan.id, 'free')
    }
  })
})
