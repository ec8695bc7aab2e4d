import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('automations');
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
        <span className="badge">{rule.isActive ? t('active') : t('inactive')}</span>
      </PageHeader>
      <p>
        <Link to="/automations">{t('runs.allRules')}</Link>
        {writer && (
          <>
            {' '}
            · <Link to="edit">{t('edit')}</Link>
          </>
        )}
      </p>
      <p>{triggerText(t, rule)}</p>
      {writer && (
        <form
          className="row-form"
          aria-label={t('runs.runNow')}
          onSubmit={submitHandler(async () => {
            setRan(null);
            const context = {
              organizationId: organization.id,
              ...(documentId.trim() ? { documentId: documentId.trim() } : {}),
            };
            const done = await run.run({ id: rule.id, context });
            if (done) {
              setRan(t('runs.ran', { status: t(`runs.ranStatuses.${done.runAutomation.status}`) }));
              paging.reset();
              refetch({ requestPolicy: 'network-only' });
            }
          })}
        >
          <TextField
            label={t('runs.documentId')}
            name="context.documentId"
            problem={run.problem}
            value={documentId}
            onChange={(e) => setDocumentId(e.target.value)}
          />
          <button type="submit" className="primary" disabled={run.busy}>
            {t('runs.runNow')}
          </button>
          <FormError problem={run.problem} fields={['context.documentId']} />
        </form>
      )}
      {ran && <Notice>{ran}</Notice>}
      <h2>{t('runs.history')}</h2>
      {!data.automationRuns.data.length && <Empty>{t('runs.none')}</Empty>}
      <ul className="cards">
        {data.automationRuns.data.map((r) => (
          <li key={r.id} data-testid="automation-run">
            <h3>
              <span className="badge">{t(`runs.statuses.${r.status}`)}</span> {t(`runTriggers.${r.trigger}`)} ·{' '}
              {formatDateTime(r.startedAt)}
            </h3>
            {r.error && <p className="field-error">{r.error}</p>}
            {r.actions.length > 0 && (
              <DataTable
                caption={t('runs.actions')}
                rows={r.actions}
                rowKey={(a) => String(a.index)}
                columns={[
                  { label: '#', cell: (a) => a.index + 1 },
                  { label: t('runs.action'), cell: (a) => t(`actions.${a.type}`) },
                  { label: t('runs.result'), cell: (a) => t(`runs.actionStatuses.${a.status}`) },
                  {
                    label: t('runs.detail'),
                    cell: (a) => a.error ?? (a.detail ? <code>{JSON.stringify(a.detail)}</code> : '—'),
                  },
                ]}
              />
            )}
          </li>
        ))}
      </ul>
      <Pager paging={paging} nextCursor={data.automationRuns.nextCursor} label={t('runs.pager')} />
    </>
  );
}
