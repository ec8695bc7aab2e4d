import { Link } from 'react-router';
import { useQuery } from 'urql';
import { useAction } from '../../components/action';
import { ConfirmButton } from '../../components/confirm';
import { Empty, ErrorBox, PageHeader } from '../../components/feedback';
import { Pager, usePaging } from '../../components/paging';
import { problemOf } from '../../errors';
import { can, useSession } from '../../session';
import { ACTION_LABELS, FIELD_LABELS, OPERATOR_LABELS, triggerText, type Rule } from './labels';
import { AutomationsDocument, DeleteAutomationDocument } from './operations';

export function AutomationList() {
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
          ? rule.conditions
              .map((c) => `${c.name ?? FIELD_LABELS[c.field]} ${OPERATOR_LABELS[c.operator]} ${String(c.value)}`)
              .join(' and ')
          : 'no conditions'}
      </p>
      <p className="muted">Then: {rule.actions.map((a) => ACTION_LABELS[a.type].toLowerCase()).join(', ')}</p>
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
