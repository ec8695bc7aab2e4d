import type { EntityManager } from '@mikro-orm/postgresql';
import { query, sql } from '../../core/db/sql';

/** Two columns of up to a month's customers: the control statement reads them for every document it lists. */
const VAT_IDS = sql(
  "SELECT id, NULLIF(vat_id, '') AS vat_id FROM contacts WHERE organization_id = ? AND id = ANY(?::uuid[])",
  'contact_vat_ids',
);

/** The DIČ of each of the organization's contacts among `ids` (null without one). */
export async function contactVatIds(
  em: EntityManager,
  organizationId: string,
  ids: readonly string[],
): Promise<Map<string, string | null>> {
  const rows = await query<{ id: string; vat_id: string | null }>(em, VAT_IDS, [organizationId, ids]);
  return new Map(rows.map((r) => [r.id, r.vat_id]));
}
