import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { DateTime } from 'luxon'
import MetaConnection from '#meta/models/meta_connection'
import { MetaConnections } from '#meta/services/meta_connections'
import { TokenCipher } from '#meta/services/token_cipher'
import { AdAccountCache } from '#meta/services/ad_account_cache'
import { createUser } from '#tests/helpers/factories'

const TOKEN = 'EAASexample-access-token-value-1234567890'

function connectionData() {
  return {
    metaUserId: '10000000000001',
    name: 'Alex Rivera',
    accessToken: TOKEN,
    isLongLived: true,
    expiresAt: DateTime.utc().plus({ days: 60 }),
    dataAccessExpiresAt: null,
    scopes: ['ads_read'],
    sandbox: true,
  }
}

test.group('Meta token storage', () => {
  test('a token sealed for one user does not open on another user', async ({ assert }) => {
    const cipher = new TokenCipher({ version: 1, secret: 'k1' }, [])
    const sealed = cipher.seal(TOKEN, 'meta_connection:user:1')
    assert.notInclude(sealed.ciphertext, TOKEN)
    assert.equal(cipher.open(sealed, 'meta_connection:user:1'), TOKEN)
    assert.throws(() => cipher.open(sealed, 'meta_connection:user:2'))
  })

  test('after a key rotation old rows still open and are re-sealed with the new key version', async ({
    assert,
  }) => {
    const user = await createUser()
    const cache = new AdAccountCache(1000)
    const oldKey = { version: 1, secret: 'old-key' }
    const newKey = { version: 2, secret: 'new-key' }
    await new MetaConnections(new TokenCipher(oldKey, []), cache).save(user.id, connectionData())
    const before = await MetaConnection.findByOrFail('userId', user.id)
    assert.equal(before.tokenKeyVersion, 1)
    const oldCiphertext = before.accessTokenEncrypted

    const rotated = new MetaConnections(new TokenCipher(newKey, [oldKey]), cache)
    assert.equal(await rotated.accessToken(before), TOKEN)
    const after = await MetaConnection.findByOrFail('userId', user.id)
    assert.equal(after.tokenKeyVersion, 2)
    assert.notEqual(after.accessTokenEncrypted, oldCiphertext)
    // Once the old key is retired the row still opens, with the new key alone.
    assert.equal(
      await new MetaConnections(new TokenCipher(newKey, []), cache).accessToken(after),
      TOKEN
    )
  })

  test('the model never serializes the encrypted token', async ({ assert }) => {
    const user = await createUser()
    await (await app.container.make(MetaConnections)).save(user.id, connectionData())
    const row = await MetaConnection.findByOrFail('userId', user.id)
    const json = JSON.stringify(row.serialize())
    assert.notInclude(json, row.accessTokenEncrypted)
    assert.notInclude(json, TOKEN)
  })
})
