/*
|--------------------------------------------------------------------------
| Domain event listeners
|--------------------------------------------------------------------------
|
| Modules tell each other what happened through the AdonisJS emitter (events typed in each
| module's events.ts); the listening module registers its listeners here, so no module calls
| into another's services. Preloaded in every environment (adonisrc.ts).
|
*/
import emitter from '@adonisjs/core/services/emitter'
// The events' types (EventsList augmentations), for every project that type-checks this file.
import type {} from '#billing/events'
import type {} from '#admin/events'
import type {} from '#keys/events'
import type {} from '#alerts/events'

const ForgetCachedKeys = () => import('#keys/listeners/forget_cached_keys')

emitter.on('subscription:changed', [ForgetCachedKeys, 'forgetUser'])
emitter.on('user:suspended', [ForgetCachedKeys, 'forgetUser'])
emitter.on('user:unsuspended', [ForgetCachedKeys, 'forgetUser'])
emitter.on('api_key:revoked', [ForgetCachedKeys, 'forgetRevoked'])

/* Alerts: every alert:raised goes through the alerts pipeline (app/alerts/actions/raise_alert.ts). */
const RaiseAlertListener = () => import('#alerts/listeners/raise_alert_listener')
emitter.on('alert:raised', [RaiseAlertListener, 'handle'])
