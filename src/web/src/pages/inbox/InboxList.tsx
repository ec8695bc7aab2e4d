import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import type { InboxItemStatus, InboxRowFragment } from '../../gql/graphql';
import { Empty, ErrorBox, PageHeader } from '../../components/feedback';
import { SelectField } from '../../components/form';
import { Pager, usePaging } from '../../components/paging';
import { DataTable, type Column } from '../../components/table';
import { problemOf } from '../../errors';
import { formatDateTime, formatMoney } from '../../format';
import { can, useSession } from '../../session';
import { InboxItemsDocument } from './operations';
import { STATUS_LABELS, inProgress } from './labels';
import { UploadZone } from './UploadZone';

/** How often the list asks again while the job still reads some of its items. */
const REFRESH_MS = 1500;

const STATUS_OPTIONS = [
  { value: '', label: 'Any status' },
  ...Object.entries(STATUS_LABELS).map(([value, label]) => ({ value, label })),
];

const COLUMNS: Column<InboxRowFragment>[] = [
  {
    label: 'File',
    cell: (i) => (inProgress(i.status) ? i.filename : <Link to={i.id}>{i.filename}</Link>),
  },
  {
    label: 'Status',
    cell: (i) => (
      <span className="badge nowrap" data-testid="inbox-status">
        {STATUS_LABELS[i.status]}
      </span>
    ),
  },
  { label: 'Supplier', cell: (i) => i.fields?.supplierName?.value ?? '—' },
  { label: 'Number', cell: (i) => i.fields?.documentNumber?.value ?? '—' },
  {
    label: 'Total',
    num: true,
    cell: (i) => (i.fields?.total ? formatMoney(i.fields.total.value, i.fields.currency?.value ?? 'CZK') : '—'),
  },
  { label: 'Note', cell: (i) => i.failureReason ?? (i.duplicateCostId ? 'Possible duplicate' : '') },
  { label: 'Uploaded', cell: (i) => formatDateTime(i.createdAt) },
];

export function InboxList() {
  const { person } = useSession();
  const writer = can(person, 'costs', 'write');
  const paging = usePaging();
  const [status, setStatus] = useState('');
  const [{ data, error }, refetch] = useQuery({
    query: InboxItemsDocument,
    variables: { ...paging.variables, status: (status || null) as InboxItemStatus | null },
  });
  const items = data?.inboxItems.data ?? [];
  const reading = items.some((i) => inProgress(i.status));

  useEffect(() => {
    if (!reading) return;
    const timer = setTimeout(() => refetch({ requestPolicy: 'network-only' }), REFRESH_MS);
    return () => clearTimeout(timer);
  }, [reading, data, refetch]);

  return (
    <>
      <PageHeader title="Inbox">
        <SelectField
          label="Status"
          name="status"
          problem={null}
          options={STATUS_OPTIONS}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value);
            paging.reset();
          }}
        />
      </PageHeader>
      {writer && (
        <UploadZone
          onUploaded={() => {
            paging.reset();
            refetch({ requestPolicy: 'network-only' });
          }}
        />
      )}
      <h2>Received files</h2>
      <ErrorBox problem={problemOf(error)} />
      {reading && (
        <p className="muted" role="status">
          Reading the new files…
        </p>
      )}
      {data && !items.length && <Empty>No received files.</Empty>}
      {items.length > 0 && (
        <DataTable
          columns={COLUMNS}
          rows={items}
          rowKey={(i) => i.id}
          testId="inbox-items"
          rowTestId={(i) => `inbox-item-${i.filename}`}
        />
      )}
      <Pager paging={paging} nextCursor={data?.inboxItems.nextCursor} label="Inbox" />
    </>
  );
}
