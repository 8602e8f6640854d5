import type { BillingConfig, BillingMode } from '#config/billing'

/**
 * The billing settings the app runs with (config/billing.ts), as a container binding so tests
 * can swap in another mode or a Stripe stand-in without touching the environment.
 */
export class BillingSettings {
  constructor(readonly config: BillingConfig) {}

  get mode(): BillingMode {
    return this.config.mode
  }

  /** Stripe publishable key for Stripe.js in the page (null unless mode is `stripe`). */
  get publishableKey(): string | null {
    return this.config.mode === 'stripe' ? this.config.stripe.publishableKey : null
  }

  get trialPeriodDays(): number {
    return this.config.trialPeriodDays
  }

  get previewValiditySeconds(): number {
    return this.config.previewValiditySeconds
  }
}
