import { createRule } from '#rules/tools/create_rule'
import { updateRule } from '#rules/tools/update_rule'
import { listRules } from '#rules/tools/list_rules'
import { getRule } from '#rules/tools/get_rule'
import { deleteRule } from '#rules/tools/delete_rule'
import { previewRule } from '#rules/tools/preview_rule'
import { backtestRule } from '#rules/tools/backtest_rule'
import { runRule } from '#rules/tools/run_rule'
import { listRuleRuns } from '#rules/tools/list_rule_runs'
import { listRuleApprovals } from '#rules/tools/list_rule_approvals'
import { approveRuleAction } from '#rules/tools/approve_rule_action'
import { rejectRuleAction } from '#rules/tools/reject_rule_action'
import { revertRuleAction } from '#rules/tools/revert_rule_action'
import { listRuleTemplates } from '#rules/tools/list_rule_templates'

/** The rules module's published actions (issue 16), in the order clients list them. */
export const rulesTools = [
  listRuleTemplates,
  createRule,
  updateRule,
  listRules,
  getRule,
  deleteRule,
  previewRule,
  backtestRule,
  runRule,
  listRuleRuns,
  listRuleApprovals,
  approveRuleAction,
  rejectRuleAction,
  revertRuleAction,
]
