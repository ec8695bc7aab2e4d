import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { AutomationTriggerEvent, AutomationTriggerType } from '../../gql/graphql';
import { useAction, submitHandler } from '../../components/action';
import { CheckboxField, FormError, SelectField, TextField, optionsOf } from '../../components/form';
import type { Problem } from '../../errors';
import { ActionRows, actionInputs, actionRowsOf } from './ActionRows';
import { ConditionRows, conditionInputs, conditionRowsOf } from './ConditionRows';
import { EVENT_LABELS, TRIGGER_LABELS, type Rule } from './labels';
import { CreateAutomationDocument, UpdateAutomationDocument } from './operations';

const FIELDS = ['name', 'isActive', 'triggerType', 'triggerEvent', 'triggerCron', 'conditions', 'actions'];

/** The rule editor: name, trigger, conditions and actions, saved in one request; the server's messages at their fields. */
export function RuleForm({ rule }: { rule?: Rule }) {
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
    actions: actionInputs(actions),
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
        <legend>Rule</legend>
        <div className="grid-fields">
          <TextField
            label="Name"
            name="name"
            problem={problem}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
          />
          <SelectField
            label="Trigger"
            name="triggerType"
            problem={problem}
            value={triggerType}
            onChange={(e) => setTriggerType(e.target.value as AutomationTriggerType)}
            options={optionsOf(TRIGGER_LABELS)}
          />
          {triggerType === 'SYSTEM_EVENT' && (
            <SelectField
              label="Event"
              name="triggerEvent"
              problem={problem}
              value={triggerEvent}
              onChange={(e) => setTriggerEvent(e.target.value as AutomationTriggerEvent)}
              options={optionsOf(EVENT_LABELS)}
            />
          )}
          {triggerType === 'SCHEDULED' && (
            <TextField
              label="Cron"
              name="triggerCron"
              problem={problem}
              value={triggerCron}
              onChange={(e) => setTriggerCron(e.target.value)}
              hint="Five fields, Prague time: 0 8 * * 1 = Mondays at 8:00"
            />
          )}
        </div>
        <CheckboxField
          label="Active"
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
          {rule ? 'Save rule' : 'Create rule'}
        </button>
        <Link to={rule ? `/automations/${rule.id}` : '/automations'}>Cancel</Link>
      </div>
    </form>
  );
}
