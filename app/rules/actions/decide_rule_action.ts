import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { AppError } from '#shared/errors'
import { toDbTimestamp } from '#shared/db_time'
import RuleRunItem from '#rules/models/rule_run_item'
import { RuleRunner } from '#rules/services/rule_runner'
import { ownedItem } from '#rules/actions/list_rule_runs'
import { serializeItem } from '#rules/services/rules_store'

const notPending = (item: RuleRunItem) =>
  new AppError(
    'rule_action_not_pending',
    `Rule action ${item.id} is ${item.status.replace('_', ' ')}, not waiting for approval.`,
    409,
    { itemId: item.id, status: item.status }
  )

/**
 * Claims a pending item for one decision: a conditional update from `pending_approval`, so two
 * people (or an agent and a person) approving at once apply the write once.
 */
async function takePending(item: RuleRunItem, to: 'executed' | 'rejected') {
  const changed = await db
    .from('rule_run_items')
    .where('id', item.id)
    .where('status', 'pending_approval')
    .update({
      status: to === 'executed' ? 'approving' : 'rejected',
      decided_at: toDbTimestamp(DateTime.utc()),
    })
  if (Number(Array.isArray(changed) ? changed[0] : changed) !== 1) throw notPending(item)
  await item.refresh()
}

/**
 * Approves a write an approval-mode rule planned: applies exactly the previewed value through
 * the Meta module's update action; the item becomes `executed`, or `failed` with Meta's message.
 * @throws AppError 404 `rule_action_not_found`, 409 `rule_action_not_pending`
 */
@inject()
export class ApproveRuleAction {
  constructor(private runner: RuleRunner) {}

  async execute(userId: number, input: { itemId: number }) {
    const item = await ownedItem(userId, input.itemId)
    if (item.status !== 'pending_approval') throw notPending(item)
    await takePending(item, 'executed')
    await this.runner.applyItem(item, item.plannedValue!)
    return { item: serializeItem(item) }
  }
}

/**
 * Rejects a pending write: nothing is sent to Meta.
 * @throws AppError 404 `rule_action_not_found`, 409 `rule_action_not_pending`
 */
export class RejectRuleAction {
  async execute(userId: number, input: { itemId: number }) {
    const item = await ownedItem(userId, input.itemId)
    if (item.status !== 'pending_approval') throw notPending(item)
    await takePending(item, 'rejected')
    return { item: serializeItem(item) }
  }
}

/**
 * Puts an executed write back to its `before` value (budget, bid or status) through the Meta
 * module's update action. The item becomes `reverted` (with `revertedAt`), and the revert
 * counts in the rule's cooldown history as its last change on the object (RuleRunner
 * histories): the rule does not re-apply the change before its cooldown has passed again.
 * @throws AppError 404 `rule_action_not_found`, 409 `rule_action_not_revertible` (not executed,
 *   already reverted, or nothing to put back), Meta errors
 */
@inject()
export class RevertRuleAction {
  constructor(private runner: RuleRunner) {}

  async execute(userId: number, input: { itemId: number }) {
    const item = await ownedItem(userId, input.itemId)
    if (item.status !== 'executed' || !item.field || item.beforeValue === null) {
      throw new AppError(
        'rule_action_not_revertible',
        `Rule action ${item.id} cannot be reverted (it is ${item.status.replace('_', ' ')}${item.field ? '' : ' and changed nothing at Meta'}).`,
        409,
        { itemId: item.id, status: item.status }
      )
    }
    await this.runner.write(userId, item.objectType, item.objectId, item.field, item.beforeValue)
    item.status = 'reverted'
    item.revertedAt = DateTime.utc()
    await item.save()
    return { item: serializeItem(item) }
  }
}

/** Pending approvals of the user, oldest first (the approvals inbox). */
export class ListRuleApprovals {
  async execute(userId: number) {
    const items = await RuleRunItem.query()
      .where('user_id', userId)
      .where('status', 'pending_approval')
      .orderBy('id', 'asc')
      .limit(200)
    return { items: items.map(serializeItem) }
  }
}
