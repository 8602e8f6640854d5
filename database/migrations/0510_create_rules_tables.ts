import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Automated rules (issue 16): the rule itself (its definition is one JSON document validated
 * by `ruleDefinitionSchema`), one row per run, and one row per object a run judged as matching
 * (what matched, what was planned, what was executed, approvals and reverts).
 *
 * `rule_runs (rule_id, tick)` is unique: it is the claim that makes a scheduled rule run exactly
 * once per tick however many workers pick the tick up (ADR 0013).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('rules', (table) => {
      table.increments('id').notNullable()
      table
        .integer('user_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table.string('name', 120).notNullable()
      table.boolean('enabled').notNullable().defaultTo(false)
      /* dry_run | approval | auto */
      table.string('mode', 16).notNullable().defaultTo('dry_run')
      /* JSON: scope, conditions, actions, guards, schedule (ruleDefinitionSchema) */
      table.text('definition').notNullable()
      table.string('template', 32).nullable()
      table.timestamp('last_run_at').nullable()
      table.timestamp('next_run_at').nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').notNullable()
      table.index(['user_id'])
      /* the scheduler's scan: enabled rules due now */
      table.index(['enabled', 'next_run_at'])
    })

    this.schema.createTable('rule_runs', (table) => {
      table.bigIncrements('id').notNullable()
      table
        .integer('rule_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('rules')
        .onDelete('CASCADE')
      table.integer('user_id').unsigned().notNullable()
      /* schedule | manual */
      table.string('trigger', 16).notNullable()
      /* the claim: the scheduled tick (UTC ISO, 15-minute slot) or `manual:<uuid>` */
      table.string('tick', 64).notNullable()
      /* the worker (one id per tick it runs) whose insert won the claim */
      table.string('claimed_by', 36).nullable()
      /* running | completed | skipped | failed */
      table.string('status', 16).notNullable()
      table.string('mode', 16).notNullable()
      table.string('reason', 500).nullable()
      table.integer('evaluated_count').unsigned().notNullable().defaultTo(0)
      table.integer('matched_count').unsigned().notNullable().defaultTo(0)
      table.integer('acted_count').unsigned().notNullable().defaultTo(0)
      table.timestamp('started_at').notNullable()
      table.timestamp('finished_at').nullable()
      table.unique(['rule_id', 'tick'])
      table.index(['user_id', 'started_at'])
    })

    this.schema.createTable('rule_run_items', (table) => {
      table.bigIncrements('id').notNullable()
      table
        .bigInteger('run_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('rule_runs')
        .onDelete('CASCADE')
      table.integer('rule_id').unsigned().notNullable()
      table.integer('user_id').unsigned().notNullable()
      table.string('ad_account_id', 32).notNullable()
      /* campaign | ad_set | ad */
      table.string('object_type', 16).notNullable()
      table.string('object_id', 32).notNullable()
      table.string('object_name', 400).notNullable().defaultTo('')
      /* JSON: the metric values the conditions read ({"cpa:last_7d": 5230, ...}) */
      table.text('metrics').notNullable()
      /* pause | unpause | set_budget | increase_budget | decrease_budget | change_bid | notify | webhook */
      table.string('action', 24).notNullable()
      table.string('field', 32).nullable()
      table.string('before_value', 64).nullable()
      table.string('planned_value', 64).nullable()
      table.string('executed_value', 64).nullable()
      table.boolean('clamped').notNullable().defaultTo(false)
      /* planned | executed | skipped | failed | pending_approval | rejected | reverted */
      table.string('status', 20).notNullable()
      table.string('reason', 1000).nullable()
      table.string('error_code', 64).nullable()
      table.string('error_message', 1000).nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('executed_at').nullable()
      table.timestamp('decided_at').nullable()
      table.timestamp('reverted_at').nullable()
      table.index(['run_id'])
      /* cooldown and per-24h change look-ups */
      table.index(['rule_id', 'object_id', 'executed_at'])
      /* the approvals inbox */
      table.index(['user_id', 'status'])
    })
  }

  async down() {
    this.schema.dropTable('rule_run_items')
    this.schema.dropTable('rule_runs')
    this.schema.dropTable('rules')
  }
}
