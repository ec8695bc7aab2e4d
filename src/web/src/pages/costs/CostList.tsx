import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import type { CostKind, CostStatus } from '../../gql/graphql';
import { Empty, ErrorBox, PageHeader } from '../../components/feedback';
import { CheckboxField, SelectField, TextField } from '../../components/form';
import { Pager, usePaging } from '../../components/paging';
import { SavedViews, viewFilters } from '../../components/SavedViews';
import { DataTable } from '../../components/table';
import { problemOf } from '../../errors';
import { formatDate, formatMoney } from '../../format';
import { can, useSession } from '../../session';
import { CostListDocument } from './operations';
import { OutgoingPayments } from './OutgoingPayments';
import { COST_KINDS, COST_STATUSES } from './labels';

const NO_FILTERS = { search: '', status: '', kind: '', overdue: false, from: '', to: '' };
type Filters = typeof NO_FILTERS;

/** The received costs: filters and search, saved views, pages of 20; and the outgoing payments. */
export function CostList() {
  const { t } = useTranslation('costs');
  const { person } = useSession();
  const writer = can(person, 'costs', 'write');
  const paging = usePaging();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [view, setView] = useState<string | null>(null);
  const change = (patch: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    paging.reset();
  };
  const [{ data, error, fetching }] = useQuery({
    query: CostListDocument,
    variables: {
      ...paging.variables,
      search: filters.search.trim() || null,
      status: (filters.status || null) as CostStatus | null,
      kind: (filters.kind || null) as CostKind | null,
      overdue: filters.overdue || null,
      from: filters.from || null,
      to: filters.to || null,
      view,
      sort: view ? null : '-issuedAt',
    },
  });
  const rows = data?.costs.data ?? [];
  type Row = (typeof rows)[number];
  return (
    <>
      <PageHeader title={t('list.title')}>
        {writer && (
          <Link className="button primary" to="new">
            {t('list.new')}
          </Link>
        )}
      </PageHeader>
      <form className="filters" role="search" aria-label={t('list.filters')} onSubmit={(e) => e.preventDefault()}>
        <TextField
          label={t('list.search')}
          name="search"
          type="search"
          problem={null}
          value={filters.search}
          maxLength={200}
          data-shortcut="search"
          onChange={(e) => change({ search: e.target.value })}
        />
        <SelectField
          label={t('fields.status')}
          name="status"
          problem={null}
          value={filters.status}
          onChange={(e) => change({ status: e.target.value })}
          options={[
            { value: '', label: t('list.any') },
            ...COST_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
          ]}
        />
        <SelectField
          label={t('fields.kind')}
          name="kind"
          problem={null}
          value={filters.kind}
          onChange={(e) => change({ kind: e.target.value })}
          options={[
            { value: '', label: t('list.any') },
            ...COST_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) })),
          ]}
        />
        <TextField
          label={t('list.from')}
          name="from"
          type="date"
          problem={null}
          value={filters.from}
          onChange={(e) => change({ from: e.target.value })}
        />
        <TextField
          label={t('list.to')}
          name="to"
          type="date"
          problem={null}
          value={filters.to}
          onChange={(e) => change({ to: e.target.value })}
        />
        <CheckboxField
          label={t('list.overdue')}
          name="overdue"
          problem={null}
          checked={filters.overdue}
          onChange={(e) => change({ overdue: e.target.checked })}
        />
      </form>
      <SavedViews
        resource="costs"
        filters={{
          search: filters.search.trim(),
          status: filters.status,
          kind: filters.kind,
          overdue: filters.overdue || '',
          from: filters.from,
          to: filters.to,
        }}
        chosen={view}
        onChoose={(chosen) => {
          setView(chosen?.id ?? null);
          setFilters(chosen ? viewFilters(NO_FILTERS, chosen) : NO_FILTERS);
          paging.reset();
        }}
      />
      <ErrorBox problem={problemOf(error)} />
      {data && !rows.length && !fetching && <Empty>{t('list.empty')}</Empty>}
      {rows.length > 0 && (
        <DataTable<Row>
          testId="cost-list"
          caption={t('list.caption')}
          rows={rows}
          rowKey={(c) => c.id}
          rowTestId={(c) => `cost-${c.number}`}
          columns={[
            { label: t('fields.number'), cell: (c) => <Link to={c.id}>{c.number}</Link> },
            { label: t('fields.supplier'), cell: (c) => c.supplier.name },
            { label: t('fields.supplierDocumentNumber'), cell: (c) => c.supplierDocumentNumber ?? '—' },
            { label: t('fields.kind'), cell: (c) => t(`kind.${c.kind}`) },
            { label: t('fields.issuedAt'), cell: (c) => formatDate(c.issuedAt) },
            { label: t('fields.dueAt'), cell: (c) => formatDate(c.dueAt) },
            {
              label: t('fields.status'),
              cell: (c) => <span className="badge">{c.overdue ? t('status.overdue') : t(`status.${c.status}`)}</span>,
            },
            { label: t('fields.total'), num: true, cell: (c) => formatMoney(c.total, c.currency) },
            { label: t('fields.remaining'), num: true, cell: (c) => formatMoney(c.remainingAmount, c.currency) },
          ]}
        />
      )}
      <Pager paging={paging} nextCursor={data?.costs.nextCursor} label={t('list.title')} />
      <OutgoingPayments />
    </>
  );
}
