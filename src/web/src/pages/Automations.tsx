import { useState } from 'react';
import { Link, Route, Routes, useNavigate, useParams } from 'react-router';
import { useQuery } from 'urql';
import { graphql } from '../gql';
import type { AutomationsQuery } from '../gql/graphql';
import { useAction, eventHandler } from '../components/action';
import { ConfirmButton } from '../components/confirm';
import { Empty, ErrorBox, Notice, PageHeader } from '../components/feedback';
import { CheckboxField, FormError, SelectField, TextField } from '../components/form';
import { Pager, usePaging } from '../components/paging';
import { DataTable } from '../components/table';
import { fieldError, problemOf, type Problem } from '../errors';
import { formatDateTime } from '../format';
import { can, useSession } from '../session';
import { NotFound } from '../shell/NotFound';

graphql(`
  fragment AutomationFields on Automation {
    id
    name
    isActive
    triggerType
    triggerEvent
    triggerCron
    conditions {
      field
      name
      operator
      value
    }
    actions {
      type
      params
    }
    updatedAt
  }
`);

const AutomationsDocument = graphql(`
  query Automations($limit: Int, $cursor: String) {
    automations(limit: $limit, cursor: $cursor) {
      data {
        ...AutomationFields
      }
      nextCursor
    }
  }
`);

const AutomationDocument = graphql(`
  query Automation($id: ID!, $limit: Int, $cursor: String) {
    automation(id: $id) {
      ...AutomationFields
    }
    automationRuns(automationId: $id, limit: $limit, cursor: $cursor) {
      data {
        id
        status
        trigger
        startedAt
        finishedAt
        error
        context
        actions {
          index
          type
          status
          detail
          error
        }
      }
      nextCursor
    }
  }
`);

const CreateAutomationDocument = graphql(`
  mutation CreateAutomation($input: CreateAutomationInput!) {
    createAutomation(input: $input) {
      id
    }
  }
`);

const UpdateAutomationDocument = graphql(`
  mutation UpdateAutomation($id: ID!, $input: UpdateAutomationInput!) {
    updateAutomation(id: $id, input: $input) {
      id
    }
  }
`);

const DeleteAutomationDocument = graphql(`
  mutation DeleteAutomation($id: ID!) {
    deleteAutomation(id: $id)
  }
`);

const RunAutomationDocument = graphql(`
  mutation RunAutomation($id: ID!, $context: JSONObject!) {
    runAutomation(id: $id, context: $context) {
      id
      status
    }
  }
`);

type Rule = AutomationsQuery['automations']['data'][number];

const TRIGGERS = [
  { value: 'SYSTEM_EVENT', label: 'When something happens' },
  { value: 'SCHEDULED', label: 'On a schedule (cron)' },
  { value: 'MANUAL', label: 'Only when run by hand' },
];
const EVENTS = ['document.created', 'document.status_changed', 'document.paid'].map((e) => ({ value: e, label: e }));
const FIELDS = ['documentType', 'amount', 'tags', 'date', 'customField'].map((f) => ({ value: f, label: f }));
const OPERATORS = ['equals', 'not_equals', 'gt', 'lt', 'gte', 'lte', 'contains', 'not_contains'].map((o) => ({
  value: o,
  label: o.replace('_', ' '),
}));
const STATUSES = ['DRAFT', 'ISSUED', 'SENT', 'PAID', 'CANCELLED', 'ARCHIVED'].map((s) => ({ value: s, label: s }));

/** Each action type and the params it takes, in the order the form shows them. */
const ACTION_PARAMS: Record<
  string,
  { name: string; label: string; hint?: string; options?: { value: string; label: string }[] }[]
> = {
  SEND_EMAIL: [
    { name: 'to', label: 'To', hint: 'An address or {{contact.email}}' },
    {
      name: 'subject',
      label: 'Subject',
      hint: 'May use {{document.number}}, {{document.amount}}, {{document.currency}}, {{contact.name}}',
    },
    { name: 'body', label: 'Body' },
  ],
  STATUS_CHANGE: [{ name: 'status', label: 'New status', options: STATUSES }],
  ADD_TAG: [{ name: 'tag', label: 'Tag' }],
  INTERNAL_NOTIFICATION: [
    { name: 'title', label: 'Title' },
    { name: 'message', label: 'Message' },
  ],
  TRIGGER_WEBHOOK: [{ name: 'event', label: 'Webhook event', hint: 'Your own event name, e.g. invoice.big' }],
};
const ACTION_TYPES = Object.keys(ACTION_PARAMS).map((t) => ({ value: t, label: t.replace(/_/g, ' ').toLowerCase() }));

export function Automations() {
  return (
    <Routes>
      <Route index element={<AutomationList />} />
      <Route path="new" element={<AutomationEditor />} />
      <Route path=":id" element={<AutomationRuns />} />
      <Route path=":id/edit" element={<AutomationEditor />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}

function triggerText(r: Pick<Rule, 'triggerType' | 'triggerEvent' | 'triggerCron'>): string {
  if (r.triggerType === 'SYSTEM_EVENT') return `on ${r.triggerEvent}`;
  if (r.triggerType === 'SCHEDULED') return `cron ${r.triggerCron}`;
  return 'run by hand';
}

function AutomationList() {
  const { person } = useSession();
  const writer = can(person, 'automations', 'write');
  const paging = usePaging();
  const [{ data, error }, refetch] = useQuery({ query: AutomationsDocument, variables: paging.variables });
  return (
    <>
      <PageHeader title="Automations">
        {writer && (
          <Link to="new" className="button primary">
            New rule
          </Link>
        )}
      </PageHeader>
      <ErrorBox problem={problemOf(error)} />
      {data && !data.automations.data.length && <Empty>No automation rules yet.</Empty>}
      <ul className="cards">
        {data?.automations.data.map((r) => (
          <RuleCard key={r.id} rule={r} writer={writer} onChanged={() => refetch({ requestPolicy: 'network-only' })} />
        ))}
      </ul>
      <Pager paging={paging} nextCursor={data?.automations.nextCursor} label="Automations" />
    </>
  );
}

function RuleCard({ rule, writer, onChanged }: { rule: Rule; writer: boolean; onChanged: () => void }) {
  const remove = useAction(DeleteAutomationDocument);
  return (
    <li data-testid={`automation-${rule.name}`}>
      <h2>
        <Link to={rule.id}>{rule.name}</Link> <span className="badge">{rule.isActive ? 'active' : 'inactive'}</span>
      </h2>
      <p>
        {triggerText(rule)} ·{' '}
        {rule.conditions.length
          ? rule.conditions.map((c) => `${c.name ?? c.field} ${c.operator} ${String(c.value)}`).join(' and ')
          : 'no conditions'}
      </p>
      <p className="muted">Then: {rule.actions.map((a) => a.type.replace(/_/g, ' ').toLowerCase()).join(', ')}</p>
      <ErrorBox problem={remove.problem} />
      <div className="actions">
        <Link to={rule.id}>Run history</Link>
        {writer && (
          <>
            <Link to={`${rule.id}/edit`}>Edit</Link>
            <ConfirmButton
              label="Delete"
              title={`Delete the rule ${rule.name}?`}
              confirmLabel="Delete rule"
              onConfirm={async () => {
                if (await remove.run({ id: rule.id })) onChanged();
              }}
            >
              The rule, its schedule and its run history are deleted.
            </ConfirmButton>
          </>
        )}
      </div>
    </li>
  );
}

interface ConditionRow {
  key: number;
  field: string;
  name: string;
  operator: string;
  value: string;
}
interface ActionRow {
  key: number;
  type: string;
  params: Record<string, string>;
}
let keys = 0;

/** What the person typed as a condition value, as the constant the API stores: numbers for amount and tag counts. */
function conditionValue(c: ConditionRow): string | number {
  const numeric = c.field === 'amount' || (c.field === 'tags' && ['gt', 'lt', 'gte', 'lte'].includes(c.operator));
  return numeric && /^-?\d+(\.\d+)?$/.test(c.value.trim()) ? Number(c.value.trim()) : c.value;
}

function AutomationEditor() {
  const { id } = useParams();
  const [{ data, error }] = useQuery({
    query: AutomationDocument,
    variables: { id: id ?? '', limit: 1 },
    pause: !id,
    requestPolicy: 'network-only',
  });
  const problem = problemOf(error);
  if (problem?.code === 'NOT_FOUND') return <NotFound />;
  if (id && !data) return <ErrorBox problem={problem} />;
  return (
    <>
      <PageHeader title={data ? `Edit ${data.automation.name}` : 'New automation rule'} />
      <RuleForm rule={data?.automation} />
    </>
  );
}

function RuleForm({ rule }: { rule?: Rule }) {
  const navigate = useNavigate();
  const [name, setName] = useState(rule?.name ?? '');
  const [isActive, setActive] = useState(rule?.isActive ?? true);
  const [triggerType, setTriggerType] = useState(rule?.triggerType ?? 'SYSTEM_EVENT');
  const [triggerEvent, setTriggerEvent] = useState(rule?.triggerEvent ?? 'document.created');
  const [triggerCron, setTriggerCron] = useState(rule?.triggerCron ?? '');
  const [conditions, setConditions] = useState<ConditionRow[]>(
    (rule?.conditions ?? []).map((c) => ({
      key: ++keys,
      field: c.field,
      name: c.name ?? '',
      operator: c.operator,
      value: String(c.value),
    })),
  );
  const [actions, setActions] = useState<ActionRow[]>(
    rule
      ? rule.actions.map((a) => ({
          key: ++keys,
          type: a.type,
          params: Object.fromEntries(
            Object.entries(a.params as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
          ),
        }))
      : [{ key: ++keys, type: 'ADD_TAG', params: {} }],
  );
  const create = useAction(CreateAutomationDocument);
  const update = useAction(UpdateAutomationDocument);
  const problem: Problem | null = rule ? update.problem : create.problem;
  const setCondition = (i: number, patch: Partial<ConditionRow>) =>
    setConditions((cs) => cs.map((c, k) => (k === i ? { ...c, ...patch } : c)));
  const setAction = (i: number, patch: Partial<ActionRow>) =>
    setActions((as) => as.map((a, k) => (k === i ? { ...a, ...patch } : a)));

  const input = () => ({
    name,
    isActive,
    triggerType,
    triggerEvent: triggerType === 'SYSTEM_EVENT' ? triggerEvent : null,
    triggerCron: triggerType === 'SCHEDULED' ? triggerCron : null,
    conditions: conditions.map((c) => ({
      field: c.field,
      operator: c.operator,
      value: conditionValue(c),
      ...(c.field === 'customField' ? { name: c.name } : {}),
    })),
    actions: actions.map((a) => ({
      type: a.type,
      params: Object.fromEntries(
        ACTION_PARAMS[a.type].map((p) => [p.name, a.params[p.name] ?? p.options?.[0].value ?? '']),
      ),
    })),
  });

  return (
    <form
      className="document-form"
      onSubmit={eventHandler(async (e) => {
        e.preventDefault();
        if (rule) {
          if (await update.run({ id: rule.id, input: input() })) navigate(`/automations/${rule.id}`);
        } else {
          const done = await create.run({ input: input() });
          if (done) navigate(`/automations/${done.createAutomation.id}`);
        }
      })}
    >
      <FormError
        problem={problem}
        fields={['name', 'isActive', 'triggerType', 'triggerEvent', 'triggerCron', 'conditions', 'actions']}
      />
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
            onChange={(e) => setTriggerType(e.target.value)}
            options={TRIGGERS}
          />
          {triggerType === 'SYSTEM_EVENT' && (
            <SelectField
              label="Event"
              name="triggerEvent"
              problem={problem}
              value={triggerEvent}
              onChange={(e) => setTriggerEvent(e.target.value)}
              options={EVENTS}
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

      <fieldset>
        <legend>Conditions (all must hold)</legend>
        {!conditions.length && <p className="muted">No conditions: every trigger runs the actions.</p>}
        <ol className="item-rows">
          {conditions.map((c, i) => (
            <li key={c.key} className="item-row" data-testid="condition-row">
              <SelectField
                label={`Condition ${i + 1} field`}
                name={`conditions[${i}].field`}
                problem={problem}
                value={c.field}
                onChange={(e) => setCondition(i, { field: e.target.value })}
                options={FIELDS}
              />
              {c.field === 'customField' && (
                <TextField
                  label="Custom field name"
                  name={`conditions[${i}].name`}
                  problem={problem}
                  value={c.name}
                  onChange={(e) => setCondition(i, { name: e.target.value })}
                />
              )}
              <SelectField
                label="Operator"
                name={`conditions[${i}].operator`}
                problem={problem}
                value={c.operator}
                onChange={(e) => setCondition(i, { operator: e.target.value })}
                options={OPERATORS}
              />
              <TextField
                label="Value"
                name={`conditions[${i}].value`}
                problem={problem}
                value={c.value}
                onChange={(e) => setCondition(i, { value: e.target.value })}
              />
              <button type="button" onClick={() => setConditions((cs) => cs.filter((_, k) => k !== i))}>
                Remove condition {i + 1}
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
          Add condition
        </button>
      </fieldset>

      <fieldset>
        <legend>Actions (in this order)</legend>
        <ol className="item-rows">
          {actions.map((a, i) => (
            <li key={a.key} className="item-row" data-testid="action-row">
              <SelectField
                label={`Action ${i + 1}`}
                name={`actions[${i}].type`}
                problem={problem}
                value={a.type}
                onChange={(e) => setAction(i, { type: e.target.value, params: {} })}
                options={ACTION_TYPES}
              />
              {ACTION_PARAMS[a.type].map((p) =>
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
                  Remove action {i + 1}
                </button>
              )}
            </li>
          ))}
        </ol>
        <button type="button" onClick={() => setActions((as) => [...as, { key: ++keys, type: 'ADD_TAG', params: {} }])}>
          Add action
        </button>
        {fieldError(problem, 'actions') && problem?.fields['actions'] && (
          <small className="field-error">{problem.fields['actions']}</small>
        )}
      </fieldset>
      <div className="actions">
        <button type="submit" className="primary" disabled={create.busy || update.busy}>
          {rule ? 'Save rule' : 'Create rule'}
        </button>
        <Link to={rule ? `/automations/${rule.id}` : '/automations'}>Cancel</Link>
      </div>
    </form>
  );
}

function AutomationRuns() {
  const { id = '' } = useParams();
  const { person, organization } = useSession();
  const writer = can(person, 'automations', 'write');
  const paging = usePaging();
  const [{ data, error }, refetch] = useQuery({ query: AutomationDocument, variables: { id, ...paging.variables } });
  const run = useAction(RunAutomationDocument);
  const [documentId, setDocumentId] = useState('');
  const [ran, setRan] = useState<string | null>(null);
  const problem = problemOf(error);
  if (problem?.code === 'NOT_FOUND') return <NotFound />;
  if (!data) return <ErrorBox problem={problem} />;
  const rule = data.automation;

  return (
    <>
      <PageHeader title={rule.name}>
        <span className="badge">{rule.isActive ? 'active' : 'inactive'}</span>
      </PageHeader>
      <p>
        <Link to="/automations">All rules</Link>
        {writer && (
          <>
            {' '}
            · <Link to="edit">Edit</Link>
          </>
        )}
      </p>
      <p>{triggerText(rule)}</p>
      {writer && (
        <form
          className="row-form"
          aria-label="Run now"
          onSubmit={eventHandler(async (e) => {
            e.preventDefault();
            setRan(null);
            const context = {
              organizationId: organization.id,
              ...(documentId.trim() ? { documentId: documentId.trim() } : {}),
            };
            const done = await run.run({ id: rule.id, context });
            if (done) {
              setRan(`Run ${done.runAutomation.status.toLowerCase()}.`);
              paging.reset();
              refetch({ requestPolicy: 'network-only' });
            }
          })}
        >
          <TextField
            label="Document id (optional)"
            name="context.documentId"
            problem={run.problem}
            value={documentId}
            onChange={(e) => setDocumentId(e.target.value)}
          />
          <button type="submit" className="primary" disabled={run.busy}>
            Run now
          </button>
          <FormError problem={run.problem} fields={['context.documentId']} />
        </form>
      )}
      {ran && <Notice>{ran}</Notice>}
      <h2>Run history</h2>
      {!data.automationRuns.data.length && <Empty>No runs yet.</Empty>}
      <ul className="cards">
        {data.automationRuns.data.map((r) => (
          <li key={r.id} data-testid="automation-run">
            <h3>
              <span className="badge">{r.status}</span> {r.trigger.replace('_', ' ').toLowerCase()} ·{' '}
              {formatDateTime(r.startedAt)}
            </h3>
            {r.error && <p className="field-error">{r.error}</p>}
            {r.actions.length > 0 && (
              <DataTable
                caption="Actions"
                rows={r.actions}
                rowKey={(a) => String(a.index)}
                columns={[
                  { label: '#', cell: (a) => a.index + 1 },
                  { label: 'Action', cell: (a) => a.type },
                  { label: 'Result', cell: (a) => a.status },
                  {
                    label: 'Detail',
                    cell: (a) => a.error ?? (a.detail ? <code>{JSON.stringify(a.detail)}</code> : '—'),
                  },
                ]}
              />
            )}
          </li>
        ))}
      </ul>
      <Pager paging={paging} nextCursor={data.automationRuns.nextCursor} label="Runs" />
    </>
  );
}
