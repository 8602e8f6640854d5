import env from '#start/env'
import { appUrl } from '#config/app'
import { defineConfig, services } from '@adonisjs/ally'

/**
 * Google sign-in (OpenID Connect scopes openid, email, profile). The three URL overrides
 * let tests and self-hosters point the real driver at an OAuth2/OIDC stand-in.
 */
const allyConfig = defineConfig({
  google: services.google({
    clientId: env.get('GOOGLE_CLIENT_ID') ?? '',
    clientSecret: env.get('GOOGLE_CLIENT_SECRET')?.release() ?? '',
    callbackUrl: env.get('GOOGLE_CALLBACK_URL') ?? `${appUrl}/api/callback`,
    scopes: ['openid', 'email', 'profile'],
    prompt: 'select_account',
    ...(env.get('GOOGLE_AUTHORIZE_URL') ? { authorizeUrl: env.get('GOOGLE_AUTHORIZE_URL') } : {}),
    ...(env.get('GOOGLE_ACCESS_TOKEN_URL')
      ? { accessTokenUrl: env.get('GOOGLE_ACCESS_TOKEN_URL') }
      : {}),
    ...(env.get('GOOGLE_USER_INFO_URL') ? { userInfoUrl: env.get('GOOGLE_USER_INFO_URL') } : {}),
  }),
})

export default allyConfig

declare module '@adonisjs/ally/types' {
  interface SocialProviders extends InferSocialProviders<typeof allyConfig> {}
}
