import type { MetaConfig } from '#config/meta'
import { MetaSandbox } from '#meta/sandbox/meta_sandbox'

/** Where Meta is, as used for one process. */
export interface ResolvedMetaEndpoints {
  graphUrl: string
  dialogUrl: string
  graphVersion: string
  appId: string
  appSecret: string
  /** True when the embedded sandbox stands in for Meta. */
  sandbox: boolean
}

/**
 * Resolves the Graph API and OAuth dialog hosts. Without META_APP_ID outside production the
 * embedded Graph API sandbox is started on a loopback port on first use (once per process) and
 * both hosts point at it; otherwise Meta's hosts (or META_GRAPH_URL / META_DIALOG_URL) are used.
 */
export class MetaEndpoints {
  #sandbox: MetaSandbox | null = null
  #resolved: Promise<ResolvedMetaEndpoints> | null = null

  constructor(readonly config: MetaConfig) {}

  /** True when the sandbox is (or will be) used instead of Meta. */
  get usesSandbox() {
    return this.config.useSandbox
  }

  /** True when a real Meta app is configured, or the sandbox stands in. */
  get isConfigured() {
    return this.config.useSandbox || Boolean(this.config.appId && this.config.appSecret)
  }

  /** The running sandbox (null when Meta itself is used or before the first `resolve()`). */
  get sandbox(): MetaSandbox | null {
    return this.#sandbox
  }

  async resolve(): Promise<ResolvedMetaEndpoints> {
    this.#resolved ??= this.#resolve()
    return this.#resolved
  }

  async #resolve(): Promise<ResolvedMetaEndpoints> {
    const base = {
      graphVersion: this.config.graphVersion,
      appId: this.config.appId ?? '',
      appSecret: this.config.appSecret ?? '',
    }
    if (!this.config.useSandbox) {
      return {
        ...base,
        graphUrl: this.config.graphUrl,
        dialogUrl: this.config.dialogUrl,
        sandbox: false,
      }
    }
    this.#sandbox = new MetaSandbox({
      appId: base.appId,
      appSecret: base.appSecret,
      appName: 'Adrelay',
    })
    const url = await this.#sandbox.start()
    return { ...base, graphUrl: url, dialogUrl: url, sandbox: true }
  }

  async shutdown() {
    await this.#sandbox?.stop()
  }
}
