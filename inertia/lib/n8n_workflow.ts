/**
 * A fresh copy of the n8n workflow template for each Copy on the Automation page. The page
 * receives one rendering of the template (app/automation/n8n_template.ts); n8n serves a chat
 * trigger's webhook at `<webhookId>/chat` and refuses a second active workflow on the same
 * path ("The URL path … is already taken"), and `n8n import:workflow` replaces a workflow
 * with the same top-level id. So every copy gets a workflow id, node ids and webhook ids of
 * its own, in n8n's formats: a 16-character [0-9A-Za-z] workflow id (`generateNanoId`) and
 * UUID v4 node and webhook ids.
 */

const N8N_ID_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

/** Random bytes from Web Crypto (available on plain-HTTP pages too, unlike `randomUUID`). */
function randomBytes(length: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(length))
}

/** A UUID v4 (RFC 9562 §5.4): 122 random bits, version 4, variant 10. */
export function uuidV4(): string {
  const bytes = randomBytes(16)
  bytes[6] = (bytes[6] & 0x0f) | 0x40
  bytes[8] = (bytes[8] & 0x3f) | 0x80
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** A workflow id shaped like n8n's own: 16 characters of [0-9A-Za-z], drawn without bias. */
function n8nWorkflowId(): string {
  let id = ''
  while (id.length < 16) {
    for (const byte of randomBytes(32)) {
      // 248 = 62 × 4: bytes at or above it would favour the first characters.
      if (byte < 248 && id.length < 16) id += N8N_ID_ALPHABET[byte % 62]
    }
  }
  return id
}

/**
 * `workflowJson` (the template as pretty-printed JSON) with a new top-level `id`, a new `id`
 * for every node and a new `webhookId` for every node that has one; everything else as it
 * was. Returns pretty-printed JSON, as the page shows it.
 */
export function freshN8nWorkflowCopy(workflowJson: string): string {
  const workflow = JSON.parse(workflowJson) as {
    id?: string
    nodes?: Array<{ id?: string; webhookId?: string }>
  }
  workflow.id = n8nWorkflowId()
  for (const node of workflow.nodes ?? []) {
    node.id = uuidV4()
    if ('webhookId' in node) node.webhookId = uuidV4()
  }
  return JSON.stringify(workflow, null, 2)
}
