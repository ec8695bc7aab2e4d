import type { Dispatch, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import type { AutomationConditionField, AutomationConditionInput, AutomationOperator } from '../../gql/graphql';
import { SelectField, TextField } from '../../components/form';
import type { Problem } from '../../errors';
import { FIELDS, OPERATORS, type Rule } from './labels';

/** A condition as typed: the value is text until it is sent. */
export interface ConditionRow {
  key: number;
  field: AutomationConditionField;
  name: string;
  operator: AutomationOperator;
  value: string;
}

let keys = 0;

export function conditionRowsOf(rule: Rule | undefined): ConditionRow[] {
  return (rule?.conditions ?? []).map((c) => ({
    key: ++keys,
    field: c.field,
    name: c.name ?? '',
    operator: c.operator,
    value: String(c.value),
  }));
}

/** What the person typed as a condition value, as the constant the API stores: numbers for amount and tag counts. */
function conditionValue(c: ConditionRow): string | number {
  const numeric = c.field === 'amount' || (c.field === 'tags' && ['gt', 'lt', 'gte', 'lte'].includes(c.operator));
  return numeric && /^-?\d+(\.\d+)?$/.test(c.value.trim()) ? Number(c.value.trim()) : c.value;
}

export function conditionInputs(rows: ConditionRow[]): AutomationConditionInput[] {
  return rows.map((c) => ({
    field: c.field,
    operator: c.operator,
    value: conditionValue(c),
    ...(c.field === 'customField' ? { name: c.name } : {}),
  }));
}

/** The conditions of a rule, all of which must hold, each with the server's messages under its fields. */
export function ConditionRows({
  conditions,
  setConditions,
  problem,
}: {
  conditions: ConditionRow[];
  setConditions: Dispatch<SetStateAction<ConditionRow[]>>;
  problem: Problem | null;
}) {
  const { t } = useTranslation('automations');
  const setCondition = (i: number, patch: Partial<ConditionRow>) =>
    setConditions((cs) => cs.map((c, k) => (k === i ? { ...c, ...patch } : c)));
  return (
    <fieldset>
      <legend>{t('conditions.legend')}</legend>
      {!conditions.length && <p className="muted">{t('conditions.none')}</p>}
      <ol className="item-rows">
        {conditions.map((c, i) => (
          <li key={c.key} className="item-row" data-testid="condition-row">
            <SelectField
              label={t('conditions.field', { n: i + 1 })}
              name={`conditions[${i}].field`}
              problem={problem}
              value={c.field}
              onChange={(e) => setCondition(i, { field: e.target.value as AutomationConditionField })}
              options={FIELDS.map((value) => ({ value, label: t(`fields.${value}`) }))}
            />
            {c.field === 'customField' && (
              <TextField
                label={t('conditions.customName')}
                name={`conditions[${i}].name`}
                problem={problem}
                value={c.name}
                onChange={(e) => setCondition(i, { name: e.target.value })}
              />
            )}
            <SelectField
              label={t('conditions.operator')}
              name={`conditions[${i}].operator`}
              problem={problem}
              value={c.operator}
              onChange={(e) => setCondition(i, { operator: e.target.value as AutomationOperator })}
              options={OPERATORS.map((value) => ({ value, label: t(`operators.${value}`) }))}
            />
            <TextField
              label={t('conditions.value')}
              name={`conditions[${i}].value`}
              problem={problem}
              value={c.value}
              onChange={(e) => setCondition(i, { value: e.target.value })}
            />
            <button type="button" onClick={() => setConditions((cs) => cs.filter((_, k) => k !== i))}>
              {t('conditions.remove', { n: i + 1 })}
            </button>
          </li>
        ))}
      </ol>
      <button
        type="button"
        onClick={() =>
          setConditions((cs) => [...cs, { key: ++keys, field: 'amount', name: '', operator: 'gt', value: '' }])
        }
      >
        {t('conditions.add')}
      </button>
    </fieldset>
  );
}
