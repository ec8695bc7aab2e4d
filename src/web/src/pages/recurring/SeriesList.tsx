import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { Empty, ErrorBox, PageHeader } from '../../components/feedback';
import { Pager, usePaging } from '../../components/paging';
import { SavedViews } from '../../components/SavedViews';
import { DataTable } from '../../components/table';
import { problemOf } from '../../errors';
import { formatDate } from '../../format';
import { can, useSession } from '../../session';
import { scheduleText, useContactNames, type Series } from './labels';
import { RecurringSeriesListDocument } from './operations';

export function SeriesList() {
  const { t } = useTranslation('recurring');
  const { person } = useSession();
  const paging = usePaging();
  const contactName = useContactNames();
  const [view, setView] = useState<string | null>(null);
  const [{ data, error }] = useQuery({
    query: RecurringSeriesListDocument,
    variables: { ...paging.variables, view },
    requestPolicy: 'cache-and-network',
  });
  return (
    <>
      <PageHeader title={t('title')}>
        {can(person, 'documents', 'write') && (
          <Link to="new" className="button primary">
            {t('list.new')}
          </Link>
        )}
      </PageHeader>
      <SavedViews
        resource="recurring-series"
        filters={{}}
        chosen={view}
        onChoose={(chosen) => {
          setView(chosen?.id ?? null);
          paging.reset();
        }}
      />
      <ErrorBox problem={problemOf(error)} />
      {data && !data.recurringSeries.data.length && <Empty>{t('list.empty')}</Empty>}
      {data && data.recurringSeries.data.length > 0 && (
        <DataTable<Series>
          testId="series-list"
          rows={data.recurringSeries.data}
          rowKey={(s) => s.id}
          rowTestId={(s) => `series-${s.name}`}
          columns={[
            { label: t('list.name'), cell: (s) => <Link to={s.id}>{s.name}</Link> },
            { label: t('list.contact'), cell: (s) => contactName(s.contactId) },
            { label: t('list.type'), cell: (s) => t(`types.${s.documentType}`) },
            { label: t('list.schedule'), cell: (s) => scheduleText(t, s) },
            { label: t('list.nextDate'), cell: (s) => formatDate(s.nextDate) },
            {
              label: t('list.status'),
              cell: (s) => (
                <>
                  <span className="badge">{t(`statuses.${s.status}`)}</span>
                  {s.lastError && <span className="badge status-cancelled">{t('list.failing')}</span>}
                </>
              ),
            },
          ]}
        />
      )}
      <Pager paging={paging} nextCursor={data?.recurringSeries.nextCursor} label={t('list.paging')} />
    </>
  );
}
