import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { Empty, ErrorBox, PageHeader } from '../../components/feedback';
import { Pager, usePaging } from '../../components/paging';
import { SavedViews } from '../../components/SavedViews';
import { DataTable } from '../../components/table';
import { problemOf } from '../../errors';
import { formatDate } from '../../format';
import { can, useSession } from '../../session';
import { SERIES_STATUS_LABELS, SERIES_TYPE_LABELS, scheduleText, useContactNames, type Series } from './labels';
import { RecurringSeriesListDocument } from './operations';

export function SeriesList() {
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
      <PageHeader title="Recurring series">
        {can(person, 'documents', 'write') && (
          <Link to="new" className="button primary">
            New series
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
      {data && !data.recurringSeries.data.length && <Empty>No recurring series yet.</Empty>}
      {data && data.recurringSeries.data.length > 0 && (
        <DataTable<Series>
          testId="series-list"
          rows={data.recurringSeries.data}
          rowKey={(s) => s.id}
          rowTestId={(s) => `series-${s.name}`}
          columns={[
            { label: 'Name', cell: (s) => <Link to={s.id}>{s.name}</Link> },
            { label: 'Contact', cell: (s) => contactName(s.contactId) },
            { label: 'Type', cell: (s) => SERIES_TYPE_LABELS[s.documentType] },
            { label: 'Schedule', cell: (s) => scheduleText(s) },
            { label: 'Next issue date', cell: (s) => formatDate(s.nextDate) },
            {
              label: 'Status',
              cell: (s) => (
                <>
                  <span className="badge">{SERIES_STATUS_LABELS[s.status]}</span>
                  {s.lastError && <span className="badge status-cancelled">failing</span>}
                </>
              ),
            },
          ]}
        />
      )}
      <Pager paging={paging} nextCursor={data?.recurringSeries.nextCursor} label="Recurring series" />
    </>
  );
}
