import { useId, useState, type ReactNode } from 'react'
import { FlaskConical, History, Loader2, Plus } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { Badge } from '~/components/ui/badge'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog'
import { useMetaAdAccounts } from '~/hooks/use_meta_connection'
import { useBacktestRule, usePreviewRule, useSaveRule } from '~/hooks/use_rules'
import {
  ACTION_LABELS,
  MODE_LABELS,
  hasAmounts,
  mixedCurrencyMessage,
  scopeMoney,
  type ScopeMoney,
} from '~/lib/rules'
import type { RuleDefinition } from '~/types'
import {
  ConditionRow,
  MoneyField,
  NumberField,
  Select,
  newCondition,
  selectClass,
} from '~/components/rules/condition_row'

/** What the builder edits: a saved rule (with its id) or a new draft (maybe from a template). */
export interface RuleDraft {
  ruleId?: number
  name: string
  mode: string
  template?: string
  definition: RuleDefinition
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid min-w-0 gap-3 rounded-lg border border-slate-200 p-3 sm:p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">{title}</legend>
      {children}
    </fieldset>
  )
}

/**
 * Why the draft's amounts cannot be saved with the ad accounts of its scope, or null when
 * they can: a scope mixing currencies of different decimals (USD and JPY), or currencies not
 * known yet (ad accounts loading, failed, or none in scope).
 */
function moneyProblem(
  money: ScopeMoney,
  accounts: { isPending: boolean; isError: boolean }
): string | null {
  if (money.kind === 'ok') return null
  if (money.kind === 'mixed') return mixedCurrencyMessage(money.currencies)
  if (accounts.isPending) return "Loading your ad accounts' currencies…"
  if (accounts.isError) {
    return 'Your ad accounts could not be loaded, so amounts cannot be converted to their currency.'
  }
  return "No ad account is in this rule's scope, so amounts have no currency."
}

/**
 * The rule builder (create and edit): scope, condition groups combined with AND/OR, action,
 * guards, schedule and mode, with Preview and Backtest of the draft before saving. Everything
 * it sends goes through the published actions (create_rule / update_rule / preview_rule /
 * backtest_rule), which validate it again. Amounts are entered in major units of the scope's
 * currency and stored in its minor units with that currency's decimals (2 for USD, 0 for JPY);
 * a scope whose currencies differ in decimals cannot hold amounts and is refused.
 */
export function RuleBuilder({
  draft,
  open,
  onOpenChange,
}: {
  draft: RuleDraft
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const id = useId()
  const [name, setName] = useState(draft.name)
  const [mode, setMode] = useState(draft.mode)
  const [definition, setDefinition] = useState<RuleDefinition>(draft.definition)
  const accounts = useMetaAdAccounts(open)
  const save = useSaveRule(() => onOpenChange(false))
  const preview = usePreviewRule()
  const backtest = useBacktestRule()

  const update = (change: Partial<RuleDefinition>) => setDefinition({ ...definition, ...change })
  const guards = definition.guards
  const setGuard = (key: keyof typeof guards, value: number | undefined) =>
    update({ guards: { ...guards, [key]: value } as typeof guards })
  const write = definition.actions.find((action) => !['notify', 'webhook'].includes(action.type))
  const notify = definition.actions.some((action) => action.type === 'notify')
  const mainAction = write ??
    definition.actions.find((action) => action.type !== 'notify') ?? { type: 'notify' as const }
  const setAction = (action: RuleDefinition['actions'][number]) =>
    update({
      actions: [
        action,
        ...(notify && action.type !== 'notify' ? [{ type: 'notify' as const }] : []),
      ],
    })
  const budgetAction = ['set_budget', 'increase_budget', 'decrease_budget', 'change_bid'].includes(
    mainAction.type
  )
  const selectedAccounts = definition.scope.adAccountIds
  const money = scopeMoney(definition, accounts.data?.adAccounts)
  const digits = money.kind === 'ok' ? money.digits : null
  const problem = hasAmounts(definition) ? moneyProblem(money, accounts) : null

  const submit = () => {
    if (problem !== null) return
    save.mutate({ ruleId: draft.ruleId, name, mode, template: draft.template, definition })
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[92vh] w-[calc(100vw-1.5rem)] max-w-3xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{draft.ruleId ? 'Edit rule' : 'New rule'}</DialogTitle>
          <DialogDescription>
            Money is entered in each ad account&apos;s currency; times are in each ad account&apos;s
            time zone.
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid min-w-0 gap-4"
          onSubmit={(event) => {
            event.preventDefault()
            submit()
          }}
        >
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-name`}>Name</Label>
            <Input
              id={`${id}-name`}
              required
              maxLength={120}
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          </div>

          <Section title="Scope">
            <div className="grid gap-3 sm:grid-cols-2">
              <Select
                id={`${id}-level`}
                label="Level"
                value={definition.scope.level}
                options={{ campaign: 'Campaigns', ad_set: 'Ad sets', ad: 'Ads' }}
                onChange={(level) =>
                  update({ scope: { ...definition.scope, level: level as any } })
                }
              />
              <div className="grid gap-1.5">
                <Label htmlFor={`${id}-name-filter`}>Name contains</Label>
                <Input
                  id={`${id}-name-filter`}
                  value={definition.scope.filters.nameContains ?? ''}
                  onChange={(e) =>
                    update({
                      scope: {
                        ...definition.scope,
                        filters: {
                          ...definition.scope.filters,
                          nameContains: e.target.value || undefined,
                        },
                      },
                    })
                  }
                />
              </div>
            </div>
            <div className="grid gap-2" role="group" aria-label="Ad accounts">
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={selectedAccounts === 'all'}
                  onChange={(e) =>
                    update({
                      scope: {
                        ...definition.scope,
                        adAccountIds: e.target.checked
                          ? 'all'
                          : (accounts.data?.adAccounts ?? [])
                              .slice(0, 1)
                              .map((account) => account.id),
                      },
                    })
                  }
                />
                All ad accounts
              </label>
              {selectedAccounts !== 'all' && (
                <div className="grid gap-1 sm:grid-cols-2">
                  {accounts.isPending && (
                    <p className="text-sm text-slate-600">Loading ad accounts…</p>
                  )}
                  {accounts.isError && (
                    <p className="text-sm text-red-700">Could not load your ad accounts.</p>
                  )}
                  {accounts.data?.adAccounts.map((account) => (
                    <label key={account.id} className="flex min-w-0 items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        checked={selectedAccounts.includes(account.id)}
                        onChange={(e) => {
                          const next = e.target.checked
                            ? [...selectedAccounts, account.id]
                            : selectedAccounts.filter((item) => item !== account.id)
                          if (next.length > 0)
                            update({ scope: { ...definition.scope, adAccountIds: next } })
                        }}
                      />
                      <span className="truncate">
                        {account.name} <span className="text-slate-500">({account.currency})</span>
                      </span>
                    </label>
                  ))}
                </div>
              )}
            </div>
            {money.kind === 'mixed' && problem ? (
              <p
                className="rounded-md border border-red-200 bg-red-50 p-2 text-sm text-red-800"
                role="alert"
                data-testid="rule-currency-problem"
              >
                {problem}
              </p>
            ) : (
              money.kind === 'ok' && (
                <p className="text-xs text-slate-600" data-testid="rule-currency">
                  Amounts are in {money.currencies.join(', ')} ({money.digits}{' '}
                  {money.digits === 1 ? 'decimal' : 'decimals'}).
                </p>
              )
            )}
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={
                  definition.scope.filters.statuses?.length === 1 &&
                  definition.scope.filters.statuses[0] === 'ACTIVE'
                }
                onChange={(e) =>
                  update({
                    scope: {
                      ...definition.scope,
                      filters: {
                        ...definition.scope.filters,
                        statuses: e.target.checked ? ['ACTIVE'] : undefined,
                      },
                    },
                  })
                }
              />
              Only active objects
            </label>
          </Section>

          <Section title="Conditions">
            <Select
              id={`${id}-groups-match`}
              label="Groups combine with"
              value={definition.conditions.match}
              options={{ all: 'AND (every group)', any: 'OR (any group)' }}
              onChange={(match) =>
                update({ conditions: { ...definition.conditions, match: match as any } })
              }
            />
            {definition.conditions.groups.length === 0 && (
              <p className="text-sm text-slate-600">
                No conditions: the action applies to every object in scope.
              </p>
            )}
            {definition.conditions.groups.map((group, groupIndex) => {
              const setGroup = (next: typeof group | null) => {
                const groups = [...definition.conditions.groups]
                if (next) groups[groupIndex] = next
                else groups.splice(groupIndex, 1)
                update({ conditions: { ...definition.conditions, groups } })
              }
              return (
                <div
                  key={groupIndex}
                  className="grid gap-2 rounded-md border border-dashed border-slate-300 p-2"
                >
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <Badge variant="secondary">Group {groupIndex + 1}</Badge>
                    <label className="flex items-center gap-2 text-sm">
                      Conditions combine with
                      <select
                        className={`${selectClass} h-8 w-auto`}
                        value={group.match}
                        onChange={(e) => setGroup({ ...group, match: e.target.value as any })}
                      >
                        <option value="all">AND</option>
                        <option value="any">OR</option>
                      </select>
                    </label>
                  </div>
                  {group.conditions.map((condition, index) => (
                    <ConditionRow
                      key={index}
                      id={`${id}-g${groupIndex}-c${index}`}
                      condition={condition}
                      digits={digits}
                      onChange={(next) => {
                        const conditions = [...group.conditions]
                        conditions[index] = next
                        setGroup({ ...group, conditions })
                      }}
                      onRemove={() => {
                        const conditions = group.conditions.filter((_, other) => other !== index)
                        setGroup(conditions.length ? { ...group, conditions } : null)
                      }}
                    />
                  ))}
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    className="justify-self-start"
                    onClick={() =>
                      setGroup({
                        ...group,
                        conditions: [...group.conditions, newCondition()],
                      })
                    }
                  >
                    <Plus aria-hidden="true" /> Add condition
                  </Button>
                </div>
              )
            })}
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="justify-self-start"
              onClick={() =>
                update({
                  conditions: {
                    ...definition.conditions,
                    groups: [
                      ...definition.conditions.groups,
                      {
                        match: 'all',
                        conditions: [newCondition()],
                      },
                    ],
                  },
                })
              }
            >
              <Plus aria-hidden="true" /> Add group
            </Button>
          </Section>

          <Section title="Action">
            <div className="grid gap-3 sm:grid-cols-2">
              <Select
                id={`${id}-action`}
                label="Action"
                value={mainAction.type}
                options={ACTION_LABELS}
                onChange={(type) =>
                  setAction(
                    type === 'increase_budget' ||
                      type === 'decrease_budget' ||
                      type === 'change_bid'
                      ? { type: type as any, percent: 20 }
                      : type === 'set_budget'
                        ? { type, amount: 5000 }
                        : type === 'webhook'
                          ? { type, url: 'https://' }
                          : { type: type as any }
                  )
                }
              />
              {budgetAction && mainAction.type !== 'set_budget' && (
                <NumberField
                  id={`${id}-percent`}
                  label={
                    mainAction.type === 'change_bid'
                      ? 'By percent (negative lowers the bid)'
                      : 'By percent'
                  }
                  value={mainAction.percent}
                  onChange={(percent) => setAction({ type: mainAction.type, percent })}
                />
              )}
              {mainAction.type === 'set_budget' && (
                <MoneyField
                  id={`${id}-amount`}
                  label="New budget (account currency)"
                  digits={digits}
                  value={mainAction.amount}
                  onChange={(amount) => setAction({ type: 'set_budget', amount })}
                />
              )}
              {mainAction.type === 'webhook' && (
                <div className="grid gap-1.5">
                  <Label htmlFor={`${id}-url`}>Webhook URL (https)</Label>
                  <Input
                    id={`${id}-url`}
                    type="url"
                    value={mainAction.url ?? ''}
                    onChange={(e) => setAction({ type: 'webhook', url: e.target.value })}
                  />
                </div>
              )}
            </div>
            {mainAction.type !== 'notify' && (
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={notify}
                  onChange={(e) =>
                    update({
                      actions: e.target.checked ? [mainAction, { type: 'notify' }] : [mainAction],
                    })
                  }
                />
                Also notify me
              </label>
            )}
          </Section>

          <Section title="Guards">
            <div className="grid gap-3 sm:grid-cols-3">
              <NumberField
                id={`${id}-g1`}
                label="Max change per action (%)"
                value={guards.maxChangePercentPerAction}
                onChange={(v) => setGuard('maxChangePercentPerAction', v ?? 50)}
              />
              <NumberField
                id={`${id}-g2`}
                label="Max change per 24 h (%)"
                value={guards.maxChangePercentPer24h}
                onChange={(v) => setGuard('maxChangePercentPer24h', v ?? 100)}
              />
              <NumberField
                id={`${id}-g3`}
                label="Cooldown (hours)"
                value={guards.cooldownHours}
                onChange={(v) => setGuard('cooldownHours', v ?? 0)}
              />
              <MoneyField
                id={`${id}-g4`}
                label="Min budget (currency)"
                digits={digits}
                value={guards.minBudget}
                onChange={(v) => setGuard('minBudget', v)}
              />
              <MoneyField
                id={`${id}-g5`}
                label="Max budget (currency)"
                digits={digits}
                value={guards.maxBudget}
                onChange={(v) => setGuard('maxBudget', v)}
              />
              <MoneyField
                id={`${id}-g6`}
                label="Min spend to judge (currency)"
                digits={digits}
                value={guards.minSpend}
                onChange={(v) => setGuard('minSpend', v ?? 0)}
              />
              <NumberField
                id={`${id}-g7`}
                label="Min impressions"
                value={guards.minImpressions}
                onChange={(v) => setGuard('minImpressions', Math.round(v ?? 0))}
                step="1"
              />
              <NumberField
                id={`${id}-g8`}
                label="Min age (hours)"
                value={guards.minAgeHours}
                onChange={(v) => setGuard('minAgeHours', v ?? 0)}
              />
              <NumberField
                id={`${id}-g9`}
                label="Max objects per run"
                value={guards.maxObjectsPerRun}
                onChange={(v) => setGuard('maxObjectsPerRun', Math.max(1, Math.round(v ?? 1)))}
                step="1"
              />
            </div>
            <p className="text-xs text-slate-600">A budget is never set to 0.</p>
          </Section>

          <Section title="Schedule and mode">
            <div className="grid gap-3 sm:grid-cols-3">
              <Select
                id={`${id}-schedule`}
                label="Runs"
                value={definition.schedule.type}
                options={{
                  every: 'At an interval',
                  daily: 'Daily at a time',
                  dayparting: 'On chosen days and hours',
                }}
                onChange={(type) =>
                  update({
                    schedule:
                      type === 'daily'
                        ? { type: 'daily', time: '09:00' }
                        : type === 'dayparting'
                          ? {
                              type: 'dayparting',
                              days: [1, 2, 3, 4, 5],
                              hours: [9, 10, 11, 12, 13, 14, 15, 16, 17],
                              minutes: 60,
                            }
                          : { type: 'every', minutes: 60 },
                  })
                }
              />
              {definition.schedule.type !== 'daily' ? (
                <Select
                  id={`${id}-minutes`}
                  label="Every"
                  value={String(definition.schedule.minutes)}
                  options={{ '15': '15 minutes', '30': '30 minutes', '60': '60 minutes' }}
                  onChange={(minutes) =>
                    update({
                      schedule: { ...definition.schedule, minutes: Number(minutes) as 15 } as any,
                    })
                  }
                />
              ) : (
                <div className="grid gap-1.5">
                  <Label htmlFor={`${id}-time`}>Time (ad account time zone)</Label>
                  <Input
                    id={`${id}-time`}
                    type="time"
                    step={900}
                    value={definition.schedule.time}
                    onChange={(e) => update({ schedule: { type: 'daily', time: e.target.value } })}
                  />
                </div>
              )}
              <Select
                id={`${id}-mode`}
                label="Mode"
                value={mode}
                options={MODE_LABELS}
                onChange={setMode}
              />
            </div>
            {definition.schedule.type === 'dayparting' && (
              <div className="grid gap-2">
                <div className="flex flex-wrap gap-2" role="group" aria-label="Days">
                  {['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].map((label, index) => {
                    const schedule = definition.schedule as Extract<
                      RuleDefinition['schedule'],
                      { type: 'dayparting' }
                    >
                    const day = index + 1
                    return (
                      <label key={label} className="flex items-center gap-1 text-sm">
                        <input
                          type="checkbox"
                          checked={schedule.days.includes(day)}
                          onChange={(e) => {
                            const days = e.target.checked
                              ? [...schedule.days, day]
                              : schedule.days.filter((d) => d !== day)
                            if (days.length) update({ schedule: { ...schedule, days } })
                          }}
                        />
                        {label}
                      </label>
                    )
                  })}
                </div>
                <div className="grid gap-1.5">
                  <Label htmlFor={`${id}-hours`}>Hours (comma-separated, 0-23)</Label>
                  <Input
                    id={`${id}-hours`}
                    defaultValue={(definition.schedule as any).hours.join(', ')}
                    onBlur={(e) => {
                      const hours = e.target.value
                        .split(',')
                        .map((part) => Number(part.trim()))
                        .filter((hour) => Number.isInteger(hour) && hour >= 0 && hour <= 23)
                      if (hours.length)
                        update({
                          schedule: { ...(definition.schedule as any), hours: [...new Set(hours)] },
                        })
                    }}
                  />
                </div>
              </div>
            )}
            {mode === 'auto' && (
              <p className="text-sm text-amber-800">
                Automatic mode writes to Meta without asking. Preview and backtest first.
              </p>
            )}
          </Section>

          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              variant="outline"
              disabled={preview.isPending || problem !== null}
              onClick={() => preview.mutate(definition)}
            >
              {preview.isPending ? (
                <Loader2 className="animate-spin" aria-hidden="true" />
              ) : (
                <FlaskConical aria-hidden="true" />
              )}
              Preview
            </Button>
            <Button
              type="button"
              variant="outline"
              disabled={backtest.isPending || problem !== null}
              onClick={() => backtest.mutate({ definition, days: 14 })}
            >
              {backtest.isPending ? (
                <Loader2 className="animate-spin" aria-hidden="true" />
              ) : (
                <History aria-hidden="true" />
              )}
              Backtest 14 days
            </Button>
          </div>
          {preview.data && (
            <div
              className="grid gap-2 rounded-lg bg-slate-50 p-3 text-sm"
              data-testid="rule-preview"
              aria-live="polite"
            >
              <p className="font-medium">
                Matches now: {preview.data.matched} of {preview.data.evaluated} evaluated
              </p>
              <ul className="grid gap-1">
                {preview.data.matches.slice(0, 20).map((match) => (
                  <li key={match.objectId} className="break-words">
                    {match.objectName || match.objectId}
                    {match.planned &&
                      (match.planned.skipped
                        ? ` — skipped: ${String(match.planned.reason)}`
                        : ` — ${String(match.planned.field)}: ${String(match.planned.before)} → ${String(match.planned.after)}${match.planned.clamped ? ' (clamped)' : ''}`)}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {backtest.data && (
            <div
              className="grid gap-2 rounded-lg bg-slate-50 p-3 text-sm"
              data-testid="rule-backtest"
              aria-live="polite"
            >
              <p className="font-medium">
                Over {backtest.data.days} days it would have fired {backtest.data.fires} times on{' '}
                {backtest.data.objects} objects ({backtest.data.skippedByCooldown} skipped by the
                cooldown).
              </p>
              <p className="text-xs text-slate-600">{backtest.data.note}</p>
            </div>
          )}
          {problem && (
            <p className="text-sm text-slate-700" data-testid="rule-save-blocked">
              {money.kind === 'mixed'
                ? "To save, preview or backtest, change the ad accounts in Scope: their currencies' decimals differ."
                : problem}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending || !name.trim() || problem !== null}>
              {save.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
              Save rule
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
