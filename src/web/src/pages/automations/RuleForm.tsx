import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { AutomationTriggerEvent, AutomationTriggerType } from '../../gql/graphql';
import { useAction, submitHandler } from '../../components/action';
import { CheckboxField, FormError, SelectField, TextField } from '../../components/form';
import type { Problem } from '../../errors';
import { ActionRows, actionInputs, actionRowsOf } from './ActionRows';
import { ConditionRows, conditionInputs, conditionRowsOf } from './ConditionRows';
import { EVENT_NAMES, TRIGGERS, type Rule } from './labels';
import { CreateAutomationDocument, UpdateAutomationDocument } from './operations';

const FIELDS = ['name', 'isActive', 'triggerType', 'triggerEvent', 'triggerCron', 'conditions', 'actions'];

/** The rule editor: name, trigger, conditions and actions, saved in one request; the server's messages at their fields. */
export function RuleForm({ rule }: { rule?: Rule }) {
  const { t } = useTranslation('automations');
  const navigate = useNavigate();
  const [name, setName] = useState(rule?.name ?? '');
  const [isActive, setActive] = useState(rule?.isActive ?? true);
  const [triggerType, setTriggerType] = useState<AutomationTriggerType>(rule?.triggerType ?? 'SYSTEM_EVENT');
  const [triggerEvent, setTriggerEvent] = useState<AutomationTriggerEvent>(rule?.triggerEvent ?? 'DOCUMENT_CREATED');
  const [triggerCron, setTriggerCron] = useState(rule?.triggerCron ?? '');
  const [conditions, setConditions] = useState(() => conditionRowsOf(rule));
  const [actions, setActions] = useState(() => actionRowsOf(rule));
  const create = useAction(CreateAutomationDocument);
  const update = useAction(UpdateAutomationDocument);
  const problem: Problem | null = rule ? update.problem : create.problem;

  const input = () => ({
    name,
    isActive,
    triggerType,
    triggerEvent: triggerType === 'SYSTEM_EVENT' ? triggerEvent : null,
    triggerCron: triggerType === 'SCHEDULED' ? triggerCron : null,
    conditions: conditionInputs(conditions),
    actions: actionInputs(t, actions),
  });

  const save = async () => {
    if (rule) {
      if (await update.run({ id: rule.id, input: input() })) await navigate(`/automations/${rule.id}`);
    } else {
      const done = await create.run({ input: input() });
      if (done) await navigate(`/automations/${done.createAutomation.id}`);
    }
  };

  return (
    <form className="document-form" onSubmit={submitHandler(save)}>
      <FormError problem={problem} fields={FIELDS} />
      <fieldset>
        <legend>{t('form.rule')}</legend>
        <div className="grid-fields">
          <TextField
            label={t('form.name')}
            name="name"
            problem={problem}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
          />
          <SelectField
            label={t('form.trigger')}
            name="triggerType"
            problem={problem}
            value={triggerType}
            onChange={(e) => setTriggerType(e.target.value as AutomationTriggerType)}
            options={TRIGGERS.map((value) => ({ value, label: t(`triggers.${value}`) }))}
          />
          {triggerType === 'SYSTEM_EVENT' && (
            <SelectField
              label={t('form.event')}
              name="triggerEvent"
              problem={problem}
              value={triggerEvent}
              onChange={(e) => setTriggerEvent(e.target.value as AutomationTriggerEvent)}
              options={Object.entries(EVENT_NAMES).map(([value, label]) => ({ value, label }))}
            />
          )}
          {triggerType === 'SCHEDULED' && (
            <TextField
              label={t('form.cron')}
              name="triggerCron"
              problem={problem}
              value={triggerCron}
              onChange={(e) => setTriggerCron(e.target.value)}
              hint={t('form.cronHint')}
            />
          )}
        </div>
        <CheckboxField
          label={t('form.active')}
          name="isActive"
          problem={problem}
          checked={isActive}
          onChange={(e) => setActive(e.target.checked)}
        />
      </fieldset>
      <ConditionRows conditions={conditions} setConditions={setConditions} problem={problem} />
      <ActionRows actions={actions} setActions={setActions} problem={problem} />
      <div className="actions">
        <button type="submit" className="primary" disabled={create.busy || update.busy}>
          {rule ? t('form.save') : t('form.create')}
        </button>
        <Link to={rule ? `/automations/${rule.id}` : '/automations'}>{t('form.cancel')}</Link>
      </div>
    </form>
  );
}
