import type { ReactNode } from 'react'
import { Trash2 } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { METRIC_LABELS, MONEY_METRICS, OPERATOR_LABELS, WINDOW_LABELS } from '~/lib/rules'
import { majorToMinor, minorToMajor } from '~/lib/campaigns'
import type { RuleCondition } from '~/types'

/** The condition kinds of `app/rules/definition.ts` (`conditionSchema`), as the builder names them. */
export const CONDITION_KIND_LABELS: Record<RuleCondition['kind'], string> = {
  value: 'Metric against a value',
  trend: 'Metric rose or fell',
  compare: 'Metric against another metric',
  pacing: 'Month-to-date spend pacing',
}

const COMPARE_OPERATORS: Record<string, string> = {
  gt: OPERATOR_LABELS.gt,
  gte: OPERATOR_LABELS.gte,
  lt: OPERATOR_LABELS.lt,
  lte: OPERATOR_LABELS.lte,
}

export const selectClass =
  'h-10 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500'

/** A labelled native select over `options` (value → text). */
export function Select({
  id,
  label,
  value,
  onChange,
  options,
}: {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  options: Record<string, string>
}) {
  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        className={selectClass}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        {Object.entries(options).map(([key, text]) => (
          <option key={key} value={key}>
            {text}
          </option>
        ))}
      </select>
    </div>
  )
}

/** A labelled number input; empty is `undefined`. */
export function NumberField({
  id,
  label,
  value,
  onChange,
  step = 'any',
  disabled = false,
}: {
  id: string
  label: string
  value: number | undefined
  onChange: (value: number | undefined) => void
  step?: string
  disabled?: boolean
}) {
  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="number"
        inputMode="decimal"
        step={step}
        disabled={disabled}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))}
      />
    </div>
  )
}

/**
 * A labelled amount of money: shown and typed in major units of the ad account currency,
 * given and returned in minor units with that currency's `digits` decimals (0 for JPY: 5000
 * is ¥5,000). Disabled, and empty, while `digits` is null (the currency is not known, or the
 * scope mixes decimals): no amount is converted with guessed decimals.
 */
export function MoneyField({
  id,
  label,
  digits,
  value,
  onChange,
}: {
  id: string
  label: string
  digits: number | null
  value: number | undefined
  onChange: (value: number | undefined) => void
}) {
  return (
    <NumberField
      id={id}
      label={label}
      step={digits === 0 ? '1' : 'any'}
      disabled={digits === null}
      value={value === undefined || digits === null ? undefined : minorToMajor(value, digits)}
      onChange={(next) =>
        digits !== null && onChange(next === undefined ? undefined : majorToMinor(next, digits))
      }
    />
  )
}

/** The condition a new row starts with ("spend today > 0"). */
export function newCondition(): RuleCondition {
  return { kind: 'value', metric: 'spend', window: 'today', operator: 'gt', value: 0 }
}

/**
 * `condition` turned into `kind`, keeping its metric and window where both have them, with the
 * schema's defaults for the rest.
 */
export function convertCondition(
  condition: RuleCondition,
  kind: RuleCondition['kind']
): RuleCondition {
  const metric = 'metric' in condition ? condition.metric : 'spend'
  const window = 'window' in condition ? condition.window : 'today'
  switch (kind) {
    case 'value':
      return { kind, metric, window, operator: 'gt', value: 0 }
    case 'trend':
      return { kind, metric, window, direction: 'rose', percent: 20 }
    case 'compare':
      return { kind, metric, window, operator: 'gt', otherMetric: 'cpc', multiplier: 1 }
    case 'pacing':
      return { kind, monthlyBudget: 100_000, tolerancePercent: 10 }
  }
}

/**
 * A money-aware number field: money metrics are entered in major units of the account
 * currency (`MoneyField`, with `digits` decimals), other metrics as they are.
 */
function AmountField({
  id,
  label,
  money,
  digits,
  value,
  onChange,
}: {
  id: string
  label: string
  money: boolean
  digits: number | null
  value: number | undefined
  onChange: (value: number | undefined) => void
}) {
  return money ? (
    <MoneyField
      id={id}
      label={`${label} (account currency)`}
      digits={digits}
      value={value}
      onChange={onChange}
    />
  ) : (
    <NumberField id={id} label={label} value={value} onChange={onChange} />
  )
}

/**
 * One condition of a group, for every kind the rule schema has: a kind select, then the
 * kind's fields (value: metric, window, operator, value(s); trend: metric, window, rose/fell,
 * percent; compare: metric, window, operator, multiplier × other metric and its window;
 * pacing: monthly plan and tolerance). `id` prefixes the field ids; amounts have the scope
 * currency's `digits` decimals (null: not known, amounts cannot be entered).
 */
export function ConditionRow({
  id,
  condition,
  digits,
  onChange,
  onRemove,
}: {
  id: string
  condition: RuleCondition
  digits: number | null
  onChange: (condition: RuleCondition) => void
  onRemove: () => void
}) {
  let fields: ReactNode
  const metricAndWindow =
    condition.kind === 'pacing' ? null : (
      <>
        <Select
          id={`${id}-metric`}
          label="Metric"
          value={condition.metric}
          options={METRIC_LABELS}
          onChange={(metric) => onChange({ ...condition, metric: metric as any })}
        />
        <Select
          id={`${id}-window`}
          label="Window"
          value={condition.window}
          options={WINDOW_LABELS}
          onChange={(window) => onChange({ ...condition, window: window as any })}
        />
      </>
    )
  switch (condition.kind) {
    case 'value': {
      const money = MONEY_METRICS.has(condition.metric)
      const range = condition.operator === 'between' || condition.operator === 'not_between'
      fields = (
        <>
          {metricAndWindow}
          <Select
            id={`${id}-operator`}
            label="Operator"
            value={condition.operator}
            options={OPERATOR_LABELS}
            onChange={(operator) => onChange({ ...condition, operator: operator as any })}
          />
          <AmountField
            id={`${id}-value`}
            label="Value"
            money={money}
            digits={digits}
            value={condition.value}
            onChange={(value) => onChange({ ...condition, value: value ?? 0 })}
          />
          {range && (
            <AmountField
              id={`${id}-value-to`}
              label="and"
              money={money}
              digits={digits}
              value={condition.valueTo}
              onChange={(valueTo) => onChange({ ...condition, valueTo })}
            />
          )}
        </>
      )
      break
    }
    case 'trend':
      fields = (
        <>
          {metricAndWindow}
          <Select
            id={`${id}-direction`}
            label="Direction"
            value={condition.direction}
            options={{ rose: 'rose by', fell: 'fell by' }}
            onChange={(direction) => onChange({ ...condition, direction: direction as any })}
          />
          <NumberField
            id={`${id}-percent`}
            label="Percent (against the window before)"
            value={condition.percent}
            onChange={(percent) => onChange({ ...condition, percent: percent ?? 1 })}
          />
        </>
      )
      break
    case 'compare':
      fields = (
        <>
          {metricAndWindow}
          <Select
            id={`${id}-operator`}
            label="Operator"
            value={condition.operator}
            options={COMPARE_OPERATORS}
            onChange={(operator) => onChange({ ...condition, operator: operator as any })}
          />
          <NumberField
            id={`${id}-multiplier`}
            label="Multiplier ×"
            value={condition.multiplier}
            onChange={(multiplier) => onChange({ ...condition, multiplier: multiplier ?? 1 })}
          />
          <Select
            id={`${id}-other-metric`}
            label="Other metric"
            value={condition.otherMetric}
            options={METRIC_LABELS}
            onChange={(otherMetric) => onChange({ ...condition, otherMetric: otherMetric as any })}
          />
          <Select
            id={`${id}-other-window`}
            label="Other metric's window"
            value={condition.otherWindow ?? ''}
            options={{ '': 'same window', ...WINDOW_LABELS }}
            onChange={(otherWindow) =>
              onChange({ ...condition, otherWindow: (otherWindow || undefined) as any })
            }
          />
        </>
      )
      break
    case 'pacing':
      fields = (
        <>
          <AmountField
            id={`${id}-monthly-budget`}
            label="Monthly spend plan"
            money
            digits={digits}
            value={condition.monthlyBudget}
            onChange={(monthlyBudget) =>
              onChange({ ...condition, monthlyBudget: Math.max(1, Math.round(monthlyBudget ?? 1)) })
            }
          />
          <NumberField
            id={`${id}-tolerance`}
            label="Ahead of plan by more than (%)"
            value={condition.tolerancePercent}
            onChange={(tolerancePercent) =>
              onChange({ ...condition, tolerancePercent: tolerancePercent ?? 0 })
            }
          />
        </>
      )
      break
  }
  return (
    <div
      className="grid gap-2 rounded-md bg-slate-50 p-2 sm:grid-cols-2 lg:grid-cols-3"
      data-testid="rule-condition"
    >
      <Select
        id={`${id}-kind`}
        label="Condition"
        value={condition.kind}
        options={CONDITION_KIND_LABELS}
        onChange={(kind) => onChange(convertCondition(condition, kind as RuleCondition['kind']))}
      />
      {fields}
      <div className="flex items-end justify-end">
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label="Remove condition"
          onClick={onRemove}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
    </div>
  )
}
