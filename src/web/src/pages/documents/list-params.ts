import type { DocumentStatus, DocumentType } from '../../gql/graphql';
import type { ChosenView } from '../../components/SavedViews';
import { STATUSES, TYPES } from './labels';

/**
 * The documents list's URL, a contract other pages link to (the dashboard, a contact's documents):
 * `/documents?q=&status=&type=&contactId=&from=&to=&unpaid=&dueBefore=&sort=&view=`
 * - `q`: a part of the number, the variable symbol or the client's name;
 * - `status`, `type`: the API's enum values (DocumentStatus, DocumentType); another value is ignored;
 * - `contactId`: a contact's id (`contact` is read as well, the older spelling);
 * - `from`, `to`: Czech days YYYY-MM-DD of issue, inclusive;
 * - `unpaid=true`: only documents waiting for payment (ISSUED or SENT); `dueBefore`: a Czech day, due
 *   before it (both together with today: the overdue ones, the dashboard's link);
 * - `sort`: one of SORTS (the API's `sort`); empty: newest first;
 * - `view`: a saved view's id (its filters apply; the parameters given override them).
 * Empty parameters are left out.
 */
export const SORTS = ['-issuedAt', 'issuedAt', '-createdAt', 'createdAt'] as const;
export type Sort = (typeof SORTS)[number];

export interface Filters {
  q: string;
  type: DocumentType | '';
  status: DocumentStatus | '';
  contactId: string;
  from: string;
  to: string;
  unpaid: 'true' | '';
  dueBefore: string;
  sort: Sort | '';
  view: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function oneOf<T extends string>(values: readonly T[], value: string | null | undefined): T | '' {
  return value && (values as readonly string[]).includes(value) ? (value as T) : '';
}

/** The filters a URL's query holds (an unknown value reads as no filter). */
export function filtersOf(params: URLSearchParams): Filters {
  const day = (name: string) => {
    const value = params.get(name) ?? '';
    return DAY.test(value) ? value : '';
  };
  return {
    q: (params.get('q') ?? '').slice(0, 200),
    type: oneOf(TYPES, params.get('type')),
    status: oneOf(STATUSES, params.get('status')),
    contactId: (params.get('contactId') ?? params.get('contact') ?? '').slice(0, 100),
    from: day('from'),
    to: day('to'),
    unpaid: params.get('unpaid') === 'true' ? 'true' : '',
    dueBefore: day('dueBefore'),
    sort: oneOf(SORTS, params.get('sort')),
    view: (params.get('view') ?? '').slice(0, 100),
  };
}

/** The URL query of filters: the ones set, in the contract's order. */
export function paramsOf(filters: Filters): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of ['q', 'status', 'type', 'contactId', 'from', 'to', 'unpaid', 'dueBefore', 'sort', 'view'] as const)
    if (filters[name]) params.set(name, filters[name]);
  return params;
}

/** A saved view chosen: its id and its filters (saved under the API's names, `search` for `q`), its sort. */
export function viewFiltersOf(view: ChosenView | null): Filters {
  if (!view) return filtersOf(new URLSearchParams());
  const saved = (view.filters ?? {}) as Record<string, unknown>;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(saved))
    if (typeof value === 'string') params.set(name === 'search' ? 'q' : name, value);
  if (view.sort) params.set('sort', view.sort);
  params.set('view', view.id);
  return filtersOf(params);
}

/** The filters a saved view keeps, under the API's names (`search`, …). */
export function viewParams(filters: Filters): Record<string, string> {
  return {
    search: filters.q.trim(),
    type: filters.type,
    status: filters.status,
    contactId: filters.contactId,
    from: filters.from,
    to: filters.to,
  };
}

/** The list query's arguments (and the export's filters) from the URL's filters. */
export function listVariables(filters: Filters) {
  return {
    search: filters.q.trim() || undefined,
    type: filters.type || undefined,
    status: filters.status || undefined,
    contactId: filters.contactId || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
    unpaid: filters.unpaid ? true : undefined,
    dueBefore: filters.dueBefore || undefined,
    sort: filters.sort || undefined,
  };
}
