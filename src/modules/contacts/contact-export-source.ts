import type { FilterQuery } from '@mikro-orm/core';
import {
  entityExportSource,
  type ExportColumn,
  type ExportRow,
  type ExportScope,
  type ListFilters,
} from '../../core/export-source';
import { containsPattern } from '../../core/search';
import { Contact } from './contact.entity';
import { listContactsQuery } from './contacts.inputs';

/** The filters of GET /contacts (its query without the page). */
export type ContactFilters = ListFilters<typeof listContactsQuery>;

/** The contacts the list shows for `filters` in the scope's organization (GET /contacts and its export). */
export function contactListWhere(scope: ExportScope, { archived, type, search }: ContactFilters): FilterQuery<Contact> {
  const where: FilterQuery<Contact> = { organization: scope.organization.id };
  if (archived !== undefined) where.archived = archived;
  if (type !== undefined) where.type = type;
  if (search !== undefined) {
    const like = containsPattern(search);
    where.$or = [
      { name: { $ilike: like } },
      { email: { $ilike: like } },
      { taxId: { $ilike: like } },
      { vatId: { $ilike: like } },
    ];
  }
  return where;
}

const COLUMNS: readonly ExportColumn<ExportRow<Contact>>[] = [
  { key: 'name', header: 'Name', type: 'text', value: (c) => c.name },
  { key: 'type', header: 'Type', type: 'text', value: (c) => c.type },
  { key: 'taxId', header: 'IČO', type: 'text', value: (c) => c.taxId },
  { key: 'vatId', header: 'DIČ', type: 'text', value: (c) => c.vatId },
  { key: 'email', header: 'E-mail', type: 'text', value: (c) => c.email },
  { key: 'phone', header: 'Phone', type: 'text', value: (c) => c.phone },
  { key: 'street', header: 'Street', type: 'text', value: (c) => c.street },
  { key: 'city', header: 'City', type: 'text', value: (c) => c.city },
  { key: 'zip', header: 'ZIP', type: 'text', value: (c) => c.zip },
  { key: 'country', header: 'Country', type: 'text', value: (c) => c.country },
  { key: 'archived', header: 'Archived', type: 'text', value: (c) => String(c.archived) },
];

/** The contacts of GET /contacts as an export reads them. */
export const contactExportSource = entityExportSource({
  entity: Contact,
  query: listContactsQuery,
  columns: COLUMNS,
  where: contactListWhere,
});
