import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '~/lib/api'
import { toast } from '~/hooks/use_toast'
import type {
  RuleBacktest,
  RuleDefinition,
  RulePreview,
  RuleRunItemView,
  RuleRunView,
  RuleSummary,
  RuleTemplateView,
} from '~/types'

/** Query keys of the Rules page (the session adapter of the published actions). */
export const RULES_KEY = ['/api/actions/list_rules']
export const APPROVALS_KEY = ['/api/actions/list_rule_approvals']
export const TEMPLATES_KEY = ['/api/actions/list_rule_templates']
export const runsKey = (ruleId: number | null) => [
  `/api/actions/list_rule_runs${ruleId ? `?ruleId=${ruleId}` : ''}`,
]

export function useRules(enabled: boolean) {
  return useQuery<{ rules: RuleSummary[] }>({ queryKey: RULES_KEY, enabled })
}

export function useRuleTemplates(enabled: boolean) {
  return useQuery<{ templates: RuleTemplateView[] }>({ queryKey: TEMPLATES_KEY, enabled })
}

export function useRuleRuns(ruleId: number | null, enabled: boolean) {
  return useQuery<{ runs: RuleRunView[]; nextBefore: number | null }>({
    queryKey: runsKey(ruleId),
    enabled,
  })
}

/**
 * One run of a rule (the run an alert links to), read as the first run of its rule at or
 * below `runId`; `runs[0]` is that run when it exists.
 */
export function useRuleRun(ruleId: number | null, runId: number | null, enabled: boolean) {
  const query = new URLSearchParams({ limit: '1', before: String((runId ?? 0) + 1) })
  if (ruleId !== null) query.set('ruleId', String(ruleId))
  return useQuery<{ runs: RuleRunView[]; nextBefore: number | null }>({
    queryKey: [`/api/actions/list_rule_runs?${query}`],
    enabled: enabled && runId !== null,
  })
}

export function useRuleApprovals(enabled: boolean) {
  return useQuery<{ items: RuleRunItemView[] }>({ queryKey: APPROVALS_KEY, enabled })
}

/** Refreshes every list of the page after a change. */
function useRefresh() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: RULES_KEY }),
      queryClient.invalidateQueries({ queryKey: APPROVALS_KEY }),
      queryClient.invalidateQueries({
        predicate: (query) => String(query.queryKey[0]).startsWith('/api/actions/list_rule_runs'),
      }),
    ])
}

export interface SaveRuleInput {
  ruleId?: number
  name: string
  mode: string
  enabled?: boolean
  template?: string
  definition: RuleDefinition
}

export function useSaveRule(onSaved: () => void) {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: ({ ruleId, template, ...rest }: SaveRuleInput) =>
      ruleId
        ? api.post('/api/actions/update_rule', { ruleId, ...rest })
        : api.post('/api/actions/create_rule', { ...rest, ...(template ? { template } : {}) }),
    meta: { errorToast: { description: 'Failed to save the rule. Please try again.' } },
    onSuccess: async () => {
      toast({ title: 'Rule saved' })
      await refresh()
      onSaved()
    },
  })
}

/** Enable/disable or switch mode of a rule in place. */
export function useUpdateRule() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (input: { ruleId: number; enabled?: boolean; mode?: string }) =>
      api.post('/api/actions/update_rule', input),
    meta: { errorToast: { description: 'Failed to update the rule. Please try again.' } },
    onSuccess: refresh,
  })
}

export function useDeleteRule() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (ruleId: number) => api.post('/api/actions/delete_rule', { ruleId }),
    meta: { errorToast: { description: 'Failed to delete the rule. Please try again.' } },
    onSuccess: async () => {
      toast({ title: 'Rule deleted' })
      await refresh()
    },
  })
}

export function useRunRule() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (input: { ruleId: number; dryRun?: boolean }) =>
      api.post<{ run: RuleRunView }>('/api/actions/run_rule', input),
    meta: { errorToast: { description: 'Failed to run the rule. Please try again.' } },
    onSuccess: async ({ run }) => {
      toast({
        title: run.status === 'completed' ? 'Rule ran' : `Run ${run.status}`,
        description:
          run.reason ?? `${run.evaluated} evaluated, ${run.matched} matched, ${run.acted} changed.`,
      })
      await refresh()
    },
  })
}

/** approve_rule_action, reject_rule_action, revert_rule_action */
export function useDecideItem() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (input: { itemId: number; decision: 'approve' | 'reject' | 'revert' }) =>
      api.post<{ item: RuleRunItemView }>(`/api/actions/${input.decision}_rule_action`, {
        itemId: input.itemId,
      }),
    meta: { errorToast: { description: 'The action could not be completed. Please try again.' } },
    onSuccess: async ({ item }) => {
      toast({
        title:
          item.status === 'executed'
            ? 'Applied at Meta'
            : item.status === 'reverted'
              ? 'Reverted'
              : item.status === 'rejected'
                ? 'Rejected'
                : `Meta refused the change`,
        description: item.errorMessage ?? undefined,
        variant: item.status === 'failed' ? 'destructive' : undefined,
      })
      await refresh()
    },
  })
}

export function usePreviewRule() {
  return useMutation({
    mutationFn: (definition: RuleDefinition) =>
      api.post<RulePreview>('/api/actions/preview_rule', { definition }),
    meta: { errorToast: { description: 'Preview failed. Please try again.' } },
  })
}

export function useBacktestRule() {
  return useMutation({
    mutationFn: (input: { definition: RuleDefinition; days: number }) =>
      api.post<RuleBacktest>('/api/actions/backtest_rule', input),
    meta: { errorToast: { description: 'Backtest failed. Please try again.' } },
  })
}
