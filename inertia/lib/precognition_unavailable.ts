/**
 * Stands in for `laravel-precognition` in @inertiajs/react 2.x (vite.config.ts resolves it
 * here for Inertia's packages only). Precognition is Laravel's live-validation protocol: a
 * form's `withPrecognition()` / `validate()` send "precognitive" requests that only a Laravel
 * server answers. The AdonisJS server does not, and no page calls them; yet Inertia's `<Form>`
 * component keeps `useForm`, and with it the whole client (about 4 KB gzip, with lodash and
 * axios), in every page's first load. `useForm` without Precognition is unaffected.
 */

/** Throws: calling `form.withPrecognition()` or `form.validate()` is a programming error here. */
export function createValidator(): never {
  throw new Error(
    'Precognition is not available: the AdonisJS server does not answer precognitive requests.'
  )
}

/** A field name, from itself or from an input event's target (as laravel-precognition). */
export function resolveName(name: string | { target: { name: string } }) {
  return typeof name === 'string' ? name : name.target.name
}

/** `{ field: [first, ...] }` → `{ field: first }` (as laravel-precognition). */
export function toSimpleValidationErrors(errors: Record<string, string | string[]>) {
  return Object.fromEntries(
    Object.entries(errors).map(([key, value]) => [key, Array.isArray(value) ? value[0] : value])
  )
}
