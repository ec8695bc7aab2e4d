import type { Dispatch, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import type { AutomationActionInput, AutomationActionType } from '../../gql/graphql';
import { SelectField, TextField } from '../../components/form';
import type { Problem } from '../../errors';
import { ACTIONS, actionParams, type Rule, type T } from './labels';

export interface ActionRow {
  key: number;
  type: AutomationActionType;
  params: Record<string, string>;
}

let keys = 0;

/** The rule's actions, or one ADD_TAG for a new rule (a rule needs at least one). */
export function actionRowsOf(rule: Rule | undefined): ActionRow[] {
  if (!rule) return [{ key: ++keys, type: 'ADD_TAG', params: {} }];
  return rule.actions.map((a) => ({
    key: ++keys,
    type: a.type,
    params: Object.fromEntries(Object.entries(a.params as Record<string, unknown>).map(([k, v]) => [k, String(v)])),
  }));
}

/** Each action with exactly the params of its type; an untouched choice sends its first option. */
export function actionInputs(t: T, rows: ActionRow[]): AutomationActionInput[] {
  return rows.map((a) => ({
    type: a.type,
    params: Object.fromEntries(
      actionParams(t, a.type).map((p) => [p.name, a.params[p.name] ?? p.options?.[0].value ?? '']),
    ),
  }));
}

/** The actions of a rule, run in this order, each with the fields its type takes. */
export function ActionRows({
  actions,
  setActions,
  problem,
}: {
  actions: ActionRow[];
  setActions: Dispatch<SetStateAction<ActionRow[]>>;
  problem: Problem | null;
}) {
  const { t } = useTranslation('automations');
  const setAction = (i: number, patch: Partial<ActionRow>) =>
    setActions((as) => as.map((a, k) => (k === i ? { ...a, ...patch } : a)));
  return (
    <fieldset>
      <legend>{t('actionRows.legend')}</legend>
      <ol className="item-rows">
        {actions.map((a, i) => (
          <li key={a.key} className="item-row" data-testid="action-row">
            <SelectField
              label={t('actionRows.action', { n: i + 1 })}
              name={`actions[${i}].type`}
              problem={problem}
              value={a.type}
              onChange={(e) => setAction(i, { type: e.target.value as AutomationActionType, params: {} })}
              options={ACTIONS.map((value) => ({ value, label: t(`actions.${value}`) }))}
            />
            {actionParams(t, a.type).map((p) =>
              p.options ? (
                <SelectField
                  key={p.name}
                  label={p.label}
                  name={`actions[${i}].params.${p.name}`}
                  problem={problem}
                  value={a.params[p.name] ?? p.options[0].value}
                  onChange={(e) => setAction(i, { params: { ...a.params, [p.name]: e.target.value } })}
                  options={p.options}
                />
              ) : (
                <TextField
                  key={p.name}
                  label={p.label}
                  name={`actions[${i}].params.${p.name}`}
                  problem={problem}
                  hint={p.hint}
                  value={a.params[p.name] ?? ''}
                  onChange={(e) => setAction(i, { params: { ...a.params, [p.name]: e.target.value } })}
                />
              ),
            )}
            {actions.length > 1 && (
              <button type="button" onClick={() => setActions((as) => as.filter((_, k) => k !== i))}>
                {t('actionRows.remove', { n: i + 1 })}
              </button>
            )}
          </li>
        ))}
      </ol>
      <button type="button" onClick={() => setActions((as) => [...as, { key: ++keys, type: 'ADD_TAG', params: {} }])}>
        {t('actionRows.add')}
      </button>
      {problem?.fields['actions'] && <small className="field-error">{problem.fields['actions']}</small>}
    </fieldset>
  );
}
