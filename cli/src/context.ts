import { ApiClient, type ApiResponse, type RequestOptions } from './http.js'
import { Output } from './output.js'
import {
  apiUrlFor,
  profileName,
  readProfile,
  resolveCredential,
  type ResolvedCredential,
} from './credentials.js'
import type { ProfileSettings } from './config.js'

/** Options every command accepts (declared once on the program). */
export interface GlobalOptions {
  profile?: string
  json?: boolean
  yes?: boolean
}

/**
 * What a command runs with: the profile and its settings, the server, the output rules and,
 * on demand, the credential and an HTTP client that sends it.
 */
export class Context {
  #credential: ResolvedCredential | null = null

  private constructor(
    readonly profile: string,
    readonly settings: ProfileSettings | null,
    readonly apiUrl: string,
    readonly output: Output,
    readonly yes: boolean
  ) {}

  static async create(options: GlobalOptions): Promise<Context> {
    const profile = profileName(options.profile)
    const settings = await readProfile(profile)
    return new Context(
      profile,
      settings,
      apiUrlFor(settings),
      new Output(options.json === true),
      options.yes === true
    )
  }

  /** The credential in use (resolved once). @throws CliError `not_signed_in` (exit 3) */
  async credential(): Promise<ResolvedCredential> {
    this.#credential ??= await resolveCredential(this.profile, this.settings)
    return this.#credential
  }

  /** A client sending the credential. */
  async client(): Promise<ApiClient> {
    const credential = await this.credential()
    return new ApiClient(this.apiUrl, credential.token, this.output, credential.source)
  }

  /** One authenticated request (see `ApiClient.request`). */
  async request<T = unknown>(
    method: string,
    path: string,
    options: RequestOptions = {}
  ): Promise<ApiResponse<T>> {
    const client = await this.client()
    return client.request<T>(method, path, options)
  }

  /** A client for public endpoints (OpenAPI document, sign-in, MCP snippets). */
  anonymousClient(apiUrl: string = this.apiUrl): ApiClient {
    return new ApiClient(apiUrl, null, this.output)
  }
}

/**
 * Wraps a command's action: builds the context from the global options, then calls
 * `action(context, ...positional arguments, options)`.
 */
export type RunWith = (
  action: (context: Context, ...args: any[]) => Promise<void>
) => (...args: any[]) => Promise<void>
