import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { Encryption, drivers } from '@adonisjs/core/encryption'
import { createCipheriv, createHash, randomBytes } from 'node:crypto'
import { DateTime } from 'luxon'
import MetaConnection from '#meta/models/meta_connection'
import { MetaConnections } from '#meta/services/meta_connections'
import { MetaTokenSealer, resealLegacyMetaTokens } from '#meta/services/meta_token_sealer'
import { AdAccountCache } from '#meta/services/ad_account_cache'
import type { TokenKey } from '#config/meta'
import { createUser } from '#tests/helpers/factories'
import { useRolledBackTransaction } from '#tests/helpers/rolled_back_transaction'

const TOKEN = 'EAASexample-access-token-value-1234567890'
const OLD_KEY: TokenKey = { version: 1, secret: 'old-meta-token-key-0123456789' }
const NEW_KEY: TokenKey = { version: 2, secret: 'new-meta-token-key-0123456789' }

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

/** A sealer over the framework's `meta_tokens` encrypter with `keys` (the first one seals). */
async function sealerWith(...keys: TokenKey[]) {
  const config = await drivers
    .aes256gcm({ id: 'meta_tokens', keys: keys.map((key) => key.secret) })
    .resolver(app)
  return new MetaTokenSealer(new Encryption(config), keys)
}

/**
 * A token sealed the way Adrelay stored them before migration 0250 (the former TokenCipher):
 * AES-256-GCM under SHA-256(secret), the user's purpose as additional data,
 * `base64url(iv).base64url(tag).base64url(ciphertext)`.
 */
function sealTheOldWay(token: string, userId: number, key: TokenKey) {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', createHash('sha256').update(key.secret).digest(), iv)
  cipher.setAAD(Buffer.from(`meta_connection:user:${userId}`))
  const encrypted = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()])
  return [iv, cipher.getAuthTag(), encrypted].map((part) => part.toString('base64url')).join('.')
}

async function storedToken(userId: number): Promise<string> {
  const row = await db.from('meta_connections').where('user_id', userId).first()
  return row.access_token_encrypted
}

test.group('Meta token storage', (group) => {
  useRolledBackTransaction(group)
  test('a token sealed for one user does not open on another user', async ({ assert }) => {
    const sealer = await sealerWith(NEW_KEY)
    const sealed = sealer.seal(TOKEN, 1)
    assert.notInclude(sealed, TOKEN)
    assert.equal(sealer.open(sealed, 1).token, TOKEN)
    assert.throws(() => sealer.open(sealed, 2), /does not open/)
  })

  test('after a key rotation tokens sealed with the previous key still open', async ({
    assert,
  }) => {
    const user = await createUser()
    const cache = new AdAccountCache(1000)
    await new MetaConnections(await sealerWith(OLD_KEY), cache).save(user.id, connectionData())
    const row = await MetaConnection.findByOrFail('userId', user.id)

    const rotated = new MetaConnections(await sealerWith(NEW_KEY, OLD_KEY), cache)
    assert.equal(await rotated.accessToken(row), TOKEN)
    // Once the previous key is retired, a token it sealed no longer opens.
    const retired = new MetaConnections(await sealerWith(NEW_KEY), cache)
    await assert.rejects(() => retired.accessToken(row))
  })

  test('a row written the old way opens before migration 0250 and is re-sealed on read', async ({
    assert,
  }) => {
    const user = await createUser()
    const cache = new AdAccountCache(1000)
    await new MetaConnections(await sealerWith(NEW_KEY), cache).save(user.id, connectionData())
    const legacy = sealTheOldWay(TOKEN, user.id, OLD_KEY)
    await db
      .from('meta_connections')
      .where('user_id', user.id)
      .update({ access_token_encrypted: legacy })

    const connections = new MetaConnections(await sealerWith(NEW_KEY, OLD_KEY), cache)
    const row = await MetaConnection.findByOrFail('userId', user.id)
    assert.equal(await connections.accessToken(row), TOKEN)
    const resealed = await storedToken(user.id)
    assert.match(resealed, /^meta_tokens\./)
    assert.equal((await sealerWith(NEW_KEY)).open(resealed, user.id).token, TOKEN)
  })

  test('migration 0250 re-seals every row written the old way, and leaves others as they are', async ({
    assert,
  }) => {
    const sealer = await sealerWith(NEW_KEY, OLD_KEY)
    const cache = new AdAccountCache(1000)
    const [oldRow, oldOtherKey, current, foreign] = await Promise.all([
      createUser(),
      createUser(),
      createUser(),
      createUser(),
    ])
    for (const user of [oldRow, oldOtherKey, current, foreign]) {
      await new MetaConnections(sealer, cache).save(user.id, connectionData())
    }
    const currentBefore = await storedToken(current.id)
    const writeOld = (userId: number, value: string) =>
      db.from('meta_connections').where('user_id', userId).update({ access_token_encrypted: value })
    await writeOld(oldRow.id, sealTheOldWay(TOKEN, oldRow.id, OLD_KEY))
    await writeOld(oldOtherKey.id, sealTheOldWay(`${TOKEN}-2`, oldOtherKey.id, NEW_KEY))
    // Sealed for another user: no key opens it for this row's owner.
    const foreignBefore = sealTheOldWay(TOKEN, current.id, OLD_KEY)
    await writeOld(foreign.id, foreignBefore)

    const result = await resealLegacyMetaTokens(db.connection(), sealer)

    assert.deepEqual(result, { resealed: 2, unopenable: 1 })
    const afterOld = await storedToken(oldRow.id)
    const afterOtherKey = await storedToken(oldOtherKey.id)
    assert.match(afterOld, /^meta_tokens\./)
    const newKeyOnly = await sealerWith(NEW_KEY)
    assert.equal(newKeyOnly.open(afterOld, oldRow.id).token, TOKEN)
    assert.equal(newKeyOnly.open(afterOtherKey, oldOtherKey.id).token, `${TOKEN}-2`)
    assert.equal(await storedToken(current.id), currentBefore)
    assert.equal(await storedToken(foreign.id), foreignBefore)
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
