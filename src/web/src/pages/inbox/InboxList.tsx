import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
import { STATUSES, inProgress } from './labels';
import { UploadZone } from './UploadZone';

/** How often the list asks again while the job still reads some of its items. */
const REFRESH_MS = 1500;

export function InboxList() {
  const { t } = useTranslation('inbox');
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

  const statusOptions = [
    { value: '', label: t('list.anyStatus') },
    ...STATUSES.map((value) => ({ value, label: t(`status.${value}`) })),
  ];
  const columns: Column<InboxRowFragment>[] = [
    {
      label: t('list.file'),
      cell: (i) => (inProgress(i.status) ? i.filename : <Link to={i.id}>{i.filename}</Link>),
    },
    {
      label: t('list.status'),
      cell: (i) => (
        <span className="badge nowrap" data-testid="inbox-status">
          {t(`status.${i.status}`)}
        </span>
      ),
    },
    { label: t('list.supplier'), cell: (i) => i.fields?.supplierName?.value ?? '—' },
    { label: t('list.number'), cell: (i) => i.fields?.documentNumber?.value ?? '—' },
    {
      label: t('list.total'),
      num: true,
      cell: (i) => (i.fields?.total ? formatMoney(i.fields.total.value, i.fields.currency?.value ?? 'CZK') : '—'),
    },
    { label: t('list.note'), cell: (i) => i.failureReason ?? (i.duplicateCostId ? t('list.duplicate') : '') },
    { label: t('list.uploaded'), cell: (i) => formatDateTime(i.createdAt) },
  ];

  return (
    <>
      <PageHeader title={t('list.title')}>
        <SelectField
          label={t('list.status')}
          name="status"
          problem={null}
          options={statusOptions}
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
      <h2>{t('list.files')}</h2>
      <ErrorBox problem={problemOf(error)} />
      {reading && (
        <p className="muted" role="status">
          {t('list.reading')}
        </p>
      )}
      {data && !items.length && <Empty>{t('list.empty')}</Empty>}
      {items.length > 0 && (
        <DataTable
          columns={columns}
          rows={items}
          rowKey={(i) => i.id}
          testId="inbox-items"
          rowTestId={(i) => `inbox-item-${i.filename}`}
        />
      )}
      <Pager paging={paging} nextCursor={data?.inboxItems.nextCursor} label={t('list.title')} />
    </>
  );
}
