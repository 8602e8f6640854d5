/** Props of the Leads page (`inertia/pages/leads/index.tsx`), set by `LeadsPageController`. */
export interface LeadsPageProps {
  /** The plan has Lead Tracking (Agency): the rule every lead action applies. */
  entitled: boolean
  meta: {
    status: 'not_connected' | 'connected' | 'reconnect_required'
    /** Whether Meta granted `leads_retrieval` (unknown: Meta did not say which scopes). */
    leadAccess: 'granted' | 'missing' | 'unknown'
  }
  /** Days a lead is kept (LEAD_RETENTION_DAYS). */
  retentionDays: number
}
