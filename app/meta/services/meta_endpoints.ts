import type { MetaConfig } from '#config/meta'

/**
 * The Graph API sandbox as this module sees it (tests/stand_ins/meta_sandbox/meta_sandbox.ts
 * implements it; tests cast it to that class to drive its state).
 */
export interface SandboxServer {
  /** Starts listening on loopback; resolves the base URL of its Graph API and OAuth dialog. */
  start(): Promise<string>
  stop(): Promise<void>
}

/**
 * Where the sandbox lives. A specifier in a variable keeps the TypeScript compiler from
 * following it, so neither the build nor the production bundle contains the stand-in.
 */
const SANDBOX_MODULE: string = '#stand_ins/meta_sandbox/meta_sandbox'

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
 * Graph API sandbox is started on a loopback port on first use (once per process) and both
 * hosts point at it; otherwise Meta's hosts (or META_GRAPH_URL / META_DIALOG_URL) are used.
 *
 * The sandbox is a development/test stand-in (tests/stand_ins/meta_sandbox), loaded with a
 * dynamic import only when it is used: the production build (tsconfig.build.json) does not
 * contain it, and production never uses it (config/meta.ts).
 */
export class MetaEndpoints {
  #sandbox: SandboxServer | null = null
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
  get sandbox(): SandboxServer | null {
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
    const { MetaSandbox } = await import(SANDBOX_MODULE)
    this.#sandbox = new MetaSandbox({
      appId: base.appId,
      appSecret: base.appSecret,
      appName: 'Adrelay',
    }) as SandboxServer
    const url = await this.#sandbox.start()
    return { ...base, graphUrl: url, dialogUrl: url, sandbox: true }
  }

  async shutdown() {
    await this.#sandbox?.stop()
  }
}
