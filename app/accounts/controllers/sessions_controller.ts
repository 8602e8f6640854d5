import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { SignInWithIdentity } from '#accounts/actions/sign_in_with_identity'
import { isDevSignInEnabled } from '#accounts/google_sign_in'
import { devSignInValidator } from '#accounts/validators/dev_sign_in'
import { AppError } from '#shared/errors'
import { LOGIN_ERRORS, type LoginErrorCode } from '#accounts/login_errors'
import type User from '#accounts/models/user'

/**
 * Browser sign-in: Google through Ally (`/api/login` → Google → `/api/callback`), a
 * development form when Google is not configured outside production, and logout.
 */
@inject()
export default class SessionsController {
  constructor(private signIn: SignInWithIdentity) {}

  /** GET /api/login */
  async login({ ally, inertia, auth, response, session }: HttpContext) {
    if (auth.user) return response.redirect(returnPath(session))
    if (isDevSignInEnabled()) return inertia.render('auth/dev_login', {})
    return ally.use('google').redirect()
  }

  /** GET /api/callback: Google redirects here with `code` and `state`. */
  async callback(ctx: HttpContext) {
    const { ally, response, session } = ctx
    const google = ally.use('google')
    if (google.accessDenied()) return this.#fail(session, response, 'login_cancelled')
    if (google.stateMisMatch()) return this.#fail(session, response, 'invalid_state')
    if (google.hasError()) return this.#fail(session, response, 'login_failed')

    let profile
    try {
      profile = await google.user()
    } catch {
      return this.#fail(session, response, 'login_failed')
    }
    if (!profile.email || profile.emailVerificationState === 'unverified') {
      return this.#fail(session, response, 'email_unverified')
    }
    const original = (profile.original ?? {}) as Record<string, string | undefined>
    return this.#complete(ctx, {
      email: profile.email,
      subjectId: String(profile.id),
      firstName: original.given_name ?? profile.name?.split(' ')[0] ?? null,
      lastName: original.family_name ?? (profile.name?.split(' ').slice(1).join(' ') || null),
      avatarUrl: profile.avatarUrl ?? null,
    })
  }

  /** POST /api/login/dev: development sign-in (404 in production or with Google configured). */
  async devLogin(ctx: HttpContext) {
    if (!isDevSignInEnabled()) {
      throw new AppError('route_not_found', 'No such endpoint.', 404)
    }
    const payload = await ctx.request.validateUsing(devSignInValidator)
    return this.#complete(ctx, {
      email: payload.email,
      subjectId: null,
      firstName: payload.firstName ?? null,
      lastName: payload.lastName ?? null,
      avatarUrl: null,
    })
  }

  /** GET /api/logout */
  async logout({ auth, response, session }: HttpContext) {
    const user = auth.user
    if (user) {
      await session.untag(String(user.id)).catch(() => {})
      await auth.use('web').logout()
    }
    return response.redirect('/')
  }

  async #complete(ctx: HttpContext, identity: Parameters<SignInWithIdentity['execute']>[0]) {
    const { session, response } = ctx
    let user: User
    try {
      ;({ user } = await this.signIn.execute(identity))
    } catch (error) {
      if (error instanceof AppError && error.code === 'account_suspended') {
        return this.#fail(session, response, 'account_suspended')
      }
      throw error
    }
    await ctx.auth.use('web').login(user)
    await session.tag(String(user.id))
    return response.redirect(returnPath(session))
  }

  /** Back to the landing page, which says why (LOGIN_ERRORS, shared prop `loginError`). */
  #fail(session: HttpContext['session'], response: HttpContext['response'], code: LoginErrorCode) {
    session.flash('loginError', { code, message: LOGIN_ERRORS[code] })
    return response.redirect(`/?login_error=${code}`)
  }
}

/**
 * Where sign-in goes back to: the page that sent the visitor to sign in (`/device?user_code=…`
 * stores itself under `returnTo`), used once; `/` otherwise. Only same-site paths.
 */
function returnPath(session: HttpContext['session']): string {
  const stored = session.pull('returnTo')
  return typeof stored === 'string' && stored.startsWith('/') && !stored.startsWith('//')
    ? stored
    : '/'
}
