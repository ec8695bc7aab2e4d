import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import type { DocumentStatus, DocumentType } from '../../gql/graphql';
import { Empty, ErrorBox, PageHeader } from '../../components/feedback';
import { SelectField, TextField } from '../../components/form';
import { Pager, usePaging } from '../../components/paging';
import { SavedViews, viewFilters } from '../../components/SavedViews';
import { DataTable } from '../../components/table';
import { problemOf } from '../../errors';
import { formatDate, formatMoney } from '../../format';
import { can, useSession } from '../../session';
import { DocumentListDocument, ContactChoicesDocument } from './operations';
import { STATUSES, STATUS_LABELS, StatusBadge, TYPES, TYPE_LABELS } from './labels';
import { ExportControl } from './ExportControl';

interface Filters {
  search: string;
  type: DocumentType | '';
  status: DocumentStatus | '';
  contactId: string;
  from: string;
  to: string;
}

const NO_FILTERS: Filters = { search: '', type: '', status: '', contactId: '', from: '', to: '' };

export function DocumentList() {
  const { person } = useSession();
  const paging = usePaging();
  const [params] = useSearchParams();
  const [filters, setFilters] = useState<Filters>({ ...NO_FILTERS, contactId: params.get('contact') ?? '' });
  const [view, setView] = useState<string | null>(null);
  const [{ data: contacts }] = useQuery({ query: ContactChoicesDocument, pause: !can(person, 'contacts', 'read') });
  const listFilters = {
    search: filters.search.trim() || undefined,
    type: filters.type || undefined,
    status: filters.status || undefined,
    contactId: filters.contactId || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
  };
  const [{ data, error }] = useQuery({
    query: DocumentListDocument,
    variables: {
      limit: paging.variables.limit,
      cursor: paging.variables.cursor ?? undefined,
      ...listFilters,
      view,
    },
  });
  const change = (patch: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    paging.reset();
  };
  const problem = problemOf(error);

  return (
    <>
      <PageHeader title="Documents">
        {can(person, 'documents', 'write') && (
          <Link to="new" className="button primary">
            New document
          </Link>
        )}
      </PageHeader>
      <SavedViews
        resource="documents"
        filters={{ ...filters, search: filters.search.trim() }}
        chosen={view}
        onChoose={(chosen) => {
          setView(chosen?.id ?? null);
          change(viewFilters(NO_FILTERS, chosen));
        }}
      />
      <form className="filters" role="search" aria-label="Filter documents" onSubmit={(e) => e.preventDefault()}>
        <TextField
          label="Search"
          name="search"
          type="search"
          problem={problem}
          value={filters.search}
          hint="Number, variable symbol or client"
          onChange={(e) => change({ search: e.target.value })}
        />
        <SelectField
          label="Type"
          name="type"
          problem={problem}
          value={filters.type}
          onChange={(e) => change({ type: e.target.value as Filters['type'] })}
          options={[{ value: '', label: 'Any type' }, ...TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))]}
        />
        <SelectField
          label="Status"
          name="status"
          problem={problem}
          value={filters.status}
          onChange={(e) => change({ status: e.target.value as Filters['status'] })}
          options={[
            { value: '', label: 'Any status' },
            ...STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })),
          ]}
        />
        {contacts && (
          <SelectField
            label="Contact"
            name="contactId"
            problem={problem}
            value={filters.contactId}
            onChange={(e) => change({ contactId: e.target.value })}
            options={[
              { value: '', label: 'Any contact' },
              ...contacts.contacts.data.map((c) => ({ value: c.id, label: c.name })),
            ]}
          />
        )}
        <TextField
          label="Issued from"
          name="from"
          type="date"
          problem={problem}
          value={filters.from}
          onChange={(e) => change({ from: e.target.value })}
        />
        <TextField
          label="Issued to"
          name="to"
          type="date"
          problem={problem}
          value={filters.to}
          onChange={(e) => change({ to: e.target.value })}
        />
        <button type="button" onClick={() => change(NO_FILTERS)}>
          Clear filters
        </button>
      </form>
      <ExportControl filters={listFilters} />
      <ErrorBox problem={problem} />
      {data && !data.documents.data.length && <Empty>No documents match.</Empty>}
      {data && data.documents.data.length > 0 && (
        <DataTable
          rows={data.documents.data}
          rowKey={(d) => d.id}
          rowTestId={(d) => `document-${d.number}`}
          columns={[
            { label: 'Number', cell: (d) => <Link to={d.id}>{d.number}</Link> },
            { label: 'Type', cell: (d) => TYPE_LABELS[d.type] },
            { label: 'Status', cell: (d) => <StatusBadge status={d.status} /> },
            { label: 'Client', cell: (d) => d.clientName ?? '—' },
            { label: 'Issued', cell: (d) => formatDate(d.issuedAt) },
            { label: 'Due', cell: (d) => formatDate(d.dueAt) },
            { label: 'Total', num: true, cell: (d) => formatMoney(d.total, d.currency) },
            { label: 'Remaining', num: true, cell: (d) => formatMoney(d.remainingAmount, d.currency) },
          ]}
        />
      )}
      <Pager paging={paging} nextCursor={data?.documents.nextCursor} label="Documents" />
    </>
  );
}
