import { test } from '@japa/runner'
import { expectedAvailability } from '#tests/helpers/product_features'
import { createUser } from '#tests/helpers/factories'
import { useRolledBackTransaction } from '#tests/helpers/rolled_back_transaction'
import { inertiaVersion } from '#tests/helpers/inertia'

test.group('Shared prop productFeatures', (group) => {
  useRolledBackTransaction(group)
  test('a visitor page and a signed-in page carry which promised features exist', async ({
    client,
    assert,
  }) => {
    const visitor = await client
      .get('/')
      .header('X-Inertia', 'true')
      .header('X-Inertia-Version', await inertiaVersion())
    visitor.assertStatus(200)
    assert.deepEqual(visitor.body().props.productFeatures, expectedAvailability())

    const user = await createUser()
    const signedIn = await client
      .get('/dashboard')
      .header('X-Inertia', 'true')
      .header('X-Inertia-Version', await inertiaVersion())
      .loginAs(user)
    signedIn.assertStatus(200)
    assert.deepEqual(signedIn.body().props.productFeatures, expectedAvailability())
  })
})
