import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from 'urql';
import { useAction, submitHandler } from '../../components/action';
import { Empty, ErrorBox, Notice, PageHeader } from '../../components/feedback';
import { FormError, TextField } from '../../components/form';
import { Pager, usePaging } from '../../components/paging';
import { DataTable } from '../../components/table';
import { problemOf } from '../../errors';
import { formatDateTime } from '../../format';
import { can, useSession } from '../../session';
import { NotFound } from '../../shell/NotFound';
import { triggerText } from './labels';
import { AutomationDocument, RunAutomationDocument } from './operations';

/** A rule's run history, and a form to run it now. */
export function AutomationRuns() {
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
          onSubmit={submitHandler(async () => {
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
