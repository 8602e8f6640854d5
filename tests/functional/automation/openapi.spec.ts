import { test } from '@japa/runner'
import { Validator } from '@seriousme/openapi-schema-validator'
import { publishedRegistry } from '#automation/registry/published_actions'

test.group('OpenAPI document', () => {
  test('GET /api/v1/openapi.json is a valid OpenAPI 3.1 document', async ({ client, assert }) => {
    const response = await client.get('/api/v1/openapi.json')
    response.assertStatus(200)
    const document = response.body()
    assert.equal(document.openapi, '3.1.0')

    const validator = new Validator()
    const result = await validator.validate(document)
    assert.isTrue(result.valid, JSON.stringify(result.errors))
  })

  test('it lists every published action with bearer security and error responses', async ({
    client,
    assert,
  }) => {
    const response = await client.get('/api/v1/openapi.json')
    const document = response.body()
    assert.deepEqual(document.components.securitySchemes.bearerAuth, {
      type: 'http',
      scheme: 'bearer',
      description: document.components.securitySchemes.bearerAuth.description,
    })
    assert.deepEqual(document.security, [{ bearerAuth: [] }])

    for (const action of publishedRegistry().list()) {
      const operation = document.paths[action.path]?.[action.method.toLowerCase()]
      assert.exists(operation, `${action.method} ${action.path}`)
      assert.equal(operation.operationId, action.declaration.name)
      assert.equal(operation['x-mcp-tool'], action.declaration.name)
      for (const status of ['200', '401', '403', '422', '429']) {
        assert.property(operation.responses, status, `${action.declaration.name} ${status}`)
      }
      if (action.method === 'GET') {
        const required = action.inputJsonSchema.required ?? []
        assert.sameMembers(
          operation.parameters.filter((p: any) => p.required).map((p: any) => p.name),
          required
        )
      } else {
        assert.deepEqual(
          operation.requestBody.content['application/json'].schema,
          action.inputJsonSchema
        )
      }
    }
  })

  test('the API reference page renders the document with a bundled viewer', async ({ client }) => {
    const response = await client
      .get('/docs/api')
      .header('X-Inertia', 'true')
      .header('X-Inertia-Version', '1')
    response.assertStatus(200)
    response.assertBodyContains({
      component: 'docs/api_reference',
      props: { specUrl: '/api/v1/openapi.json' },
    })
  })
})
