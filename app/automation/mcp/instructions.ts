/**
 * Server `instructions` returned by `initialize` (MCP spec 2025-06-18, lifecycle:
 * InitializeResult.instructions). Hosts add them to the model's context, so they say how to
 * work with these tools rather than what each one does (the tool descriptions say that).
 */
export const MCP_SERVER_INSTRUCTIONS = [
  'Adrelay manages Meta (Facebook/Instagram) ad accounts on behalf of the user who owns the API key.',
  '',
  'How to work:',
  '1. Start with get_meta_connection to check that a Meta account is connected, then list_ad_accounts to learn the ad account ids (act_...). Never guess ids: every other Meta tool needs an id you listed.',
  '2. Drill down with list_campaigns, list_ad_sets, list_ads and get_insights before proposing changes.',
  '3. Money is always an integer in minor units of the ad account currency (cents for USD: 1500 means $15.00), together with its ISO currency code. Convert before showing amounts to people and before sending budgets.',
  '4. Write tools (update_*_status, update_*_budget, set_account_spend_cap) only preview by default: they return what would change and change nothing. Show the preview to the user and call again with confirm: true only after the user agreed.',
  "5. Every tools/call counts one request against the monthly quota; get_usage shows what is left. Its remaining is the account's; when key.remaining is not null, your API key has a monthly limit of its own and can send only the smaller of remaining and key.remaining (past it: key_quota_exceeded). Prefer one list call over many single reads.",
  '6. Failed calls return isError with a code first: plan_upgrade_required (the plan lacks the tool; tell the user which plan is needed), validation_failed (fix the named field), quota_exceeded or key_quota_exceeded (stop until the reset date), meta_not_connected (ask the user to connect Meta at /integrations), meta_object_not_owned or not_found (re-list the objects), meta_budget_conflict (change the budget at the level that holds it).',
].join('\n')
