import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useClient, useQuery } from 'urql';
import type { DocumentListQuery } from '../../gql/graphql';
import { Empty, ErrorBox, PageHeader } from '../../components/feedback';
import { CheckboxField, SelectField, TextField } from '../../components/form';
import { PAGE_SIZE } from '../../components/paging';
import { SavedViews } from '../../components/SavedViews';
import { DataTable } from '../../components/table';
import { problemOf, type Problem } from '../../errors';
import { formatDate, formatMoney } from '../../format';
import { can, useSession } from '../../session';
import { DocumentListDocument, ContactChoicesDocument } from './operations';
import { STATUSES, StatusBadge, TYPES } from './labels';
import { ExportControl } from './ExportControl';
import { SORTS, filtersOf, listVariables, paramsOf, viewFiltersOf, viewParams, type Filters } from './list-params';

type Row = DocumentListQuery['documents']['data'][number];

/**
 * The documents list. Its filters, search, sort and saved view live in the URL
 * (`?q=&status=&type=&contactId=&from=&to=&sort=&view=`, see list-params.ts): a link to a filtered
 * list (the dashboard's) opens it, and the back button returns to the previous filters.
 */
/** How long typing pauses before the search goes to the URL (and the list is asked for). */
const SEARCH_PAUSE_MS = 250;

export function DocumentList() {
  const { t } = useTranslation('documents');
  const { person } = useSession();
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const [{ data: contacts }] = useQuery({ query: ContactChoicesDocument, pause: !can(person, 'contacts', 'read') });
  const listFilters = listVariables(filters);
  const lastTyped = useRef(false);

  /** A filter changed: a new history entry, except while the search is being typed (one entry per search). */
  const change = (patch: Partial<Filters>, { typing = false } = {}) => {
    setParams(paramsOf({ ...filters, ...patch }), { replace: typing && lastTyped.current });
    lastTyped.current = typing;
  };

  // The search box keeps what is typed and writes it to the URL once typing pauses: an input driven
  // by the URL alone drops keys typed while the router is still applying the previous one.
  const [typed, setTyped] = useState(filters.q);
  const written = useRef(filters.q);
  useEffect(() => {
    // The URL's q changed by other means (back button, a saved view, Clear): the box follows it.
    if (filters.q !== written.current) {
      written.current = filters.q;
      setTyped(filters.q);
    }
  }, [filters.q]);
  useEffect(() => {
    if (typed === written.current) return;
    const timer = setTimeout(() => {
      written.current = typed;
      change({ q: typed }, { typing: true });
    }, SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  });

  return (
    <>
      <PageHeader title={t('list.title')}>
        {can(person, 'documents', 'write') && (
          <Link to="new" className="button primary">
            {t('list.new')}
          </Link>
        )}
      </PageHeader>
      <SavedViews
        resource="documents"
        filters={viewParams(filters)}
        chosen={filters.view || null}
        onChoose={(chosen) => {
          setParams(paramsOf(viewFiltersOf(chosen)));
          lastTyped.current = false;
        }}
      />
      <form className="filters" role="search" aria-label={t('list.filters')} onSubmit={(e) => e.preventDefault()}>
        <TextField
          label={t('list.search')}
          name="search"
          type="search"
          problem={null}
          value={typed}
          hint={t('list.searchHint')}
          data-shortcut="search"
          onChange={(e) => setTyped(e.target.value)}
        />
        <SelectField
          label={t('list.type')}
          name="type"
          problem={null}
          value={filters.type}
          onChange={(e) => change({ type: e.target.value as Filters['type'] })}
          options={[
            { value: '', label: t('list.anyType') },
            ...TYPES.map((type) => ({ value: type, label: t(`type.${type}`) })),
          ]}
        />
        <SelectField
          label={t('list.status')}
          name="status"
          problem={null}
          value={filters.status}
          onChange={(e) => change({ status: e.target.value as Filters['status'] })}
          options={[
            { value: '', label: t('list.anyStatus') },
            ...STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
          ]}
        />
        {contacts && (
          <SelectField
            label={t('list.contact')}
            name="contactId"
            problem={null}
            value={filters.contactId}
            onChange={(e) => change({ contactId: e.target.value })}
            options={[
              { value: '', label: t('list.anyContact') },
              ...contacts.contacts.data.map((c) => ({ value: c.id, label: c.name })),
            ]}
          />
        )}
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
          label={t('list.unpaid')}
          name="unpaid"
          problem={null}
          checked={filters.unpaid === 'true'}
          onChange={(e) => change({ unpaid: e.target.checked ? 'true' : '' })}
        />
        <TextField
          label={t('list.dueBefore')}
          name="dueBefore"
          type="date"
          problem={null}
          value={filters.dueBefore}
          onChange={(e) => change({ dueBefore: e.target.value })}
        />
        <SelectField
          label={t('list.sort')}
          name="sort"
          problem={null}
          value={filters.sort}
          onChange={(e) => change({ sort: e.target.value as Filters['sort'] })}
          options={[
            { value: '', label: t('list.sorts.default') },
            ...SORTS.map((s) => ({ value: s, label: t(`list.sorts.${s}`) })),
          ]}
        />
        <button type="button" onClick={() => change(filtersOf(new URLSearchParams()))}>
          {t('list.clear')}
        </button>
      </form>
      <ExportControl filters={{ ...listFilters, unpaid: listFilters.unpaid ? 'true' : undefined, sort: undefined }} />
      <ListPages key={params.toString()} variables={{ ...listFilters, view: filters.view || undefined }} />
    </>
  );
}

/** A page added by "Show more": its rows and the cursor of the page after it. */
interface MorePage {
  rows: Row[];
  next: string | null;
}

/**
 * Where a list was left, by history entry: the pages added by "Show more" and the scroll position,
 * so that Back from a document returns to the same rows at the same place.
 */
const left = new Map<string, { more: MorePage[]; y: number }>();

/** The first page (live), then the pages added by "Show more" below it; the scroll position is kept per history entry. */
function ListPages({ variables }: { variables: ReturnType<typeof listVariables> & { view?: string } }) {
  const { t } = useTranslation('documents');
  const client = useClient();
  const location = useLocation();
  const [remembered] = useState(() => left.get(location.key));
  const [more, setMore] = useState<MorePage[]>(remembered?.more ?? []);
  const [loading, setLoading] = useState(false);
  const [moreProblem, setMoreProblem] = useState<Problem | null>(null);
  // Cached rows at once (Back shows where the person was), then the server's current ones.
  const [{ data, error }] = useQuery({
    query: DocumentListDocument,
    variables: { limit: PAGE_SIZE, ...variables },
    requestPolicy: 'cache-and-network',
  });
  const problem = problemOf(error) ?? moreProblem;

  // Remember the pages and the scroll position as the person scrolls (read again by Back); a layout
  // effect, so the listener is gone before leaving the list shortens the page (and scrolls it).
  useLayoutEffect(() => {
    const save = () => left.set(location.key, { more, y: window.scrollY });
    save();
    window.addEventListener('scroll', save, { passive: true });
    return () => window.removeEventListener('scroll', save);
  }, [location.key, more]);

  // Back to this entry: once the rows are shown, scroll to where the person was.
  const restored = useRef(false);
  useEffect(() => {
    if (!data || restored.current) return;
    restored.current = true;
    if (remembered && remembered.y > 0) window.scrollTo(0, remembered.y);
  }, [data, remembered]);

  if (!data) return <ErrorBox problem={problem} />;
  const rows = [data.documents.data, ...more.map((m) => m.rows)].flat();
  const next = more.length ? more[more.length - 1].next : data.documents.nextCursor;

  const showMore = async (cursor: string) => {
    setLoading(true);
    const result = await client.query(DocumentListDocument, { limit: PAGE_SIZE, cursor, ...variables }).toPromise();
    setLoading(false);
    setMoreProblem(problemOf(result.error));
    const page = result.data?.documents;
    if (page) setMore((m) => [...m, { rows: page.data, next: page.nextCursor ?? null }]);
  };
  return (
    <>
      <ErrorBox problem={problem} />
      {!rows.length && <Empty>{t('list.empty')}</Empty>}
      {rows.length > 0 && (
        <>
          <DataTable
            rows={rows}
            rowKey={(d) => d.id}
            rowTestId={(d) => `document-${d.number}`}
            columns={[
              { label: t('list.columns.number'), cell: (d) => <Link to={d.id}>{d.number}</Link> },
              { label: t('list.columns.type'), cell: (d) => t(`type.${d.type}`) },
              { label: t('list.columns.status'), cell: (d) => <StatusBadge status={d.status} /> },
              { label: t('list.columns.client'), cell: (d) => d.clientName ?? '—' },
              { label: t('list.columns.issued'), cell: (d) => formatDate(d.issuedAt) },
              { label: t('list.columns.due'), cell: (d) => formatDate(d.dueAt) },
              { label: t('list.columns.total'), num: true, cell: (d) => formatMoney(d.total, d.currency) },
              {
                label: t('list.columns.remaining'),
                num: true,
                cell: (d) => formatMoney(d.remainingAmount, d.currency),
              },
            ]}
          />
          <p className="muted" role="status" data-testid="documents-shown">
            {t('list.count', { count: rows.length })}
          </p>
        </>
      )}
      {next && (
        <p>
          <button type="button" disabled={loading} onClick={() => void showMore(next)}>
            {t('list.more')}
          </button>
        </p>
      )}
    </>
  );
}
