import type { EntityManager } from '@mikro-orm/postgresql';
import { query, sql } from '../../core/db/sql';

/** How many of the latest documents paid from one counter account tell whose account it is. */
const KNOWN_PER_ACCOUNT = 20;

/**
 * Per counter account, the documents the latest incoming payments from it were matched to (at most
 * KNOWN_PER_ACCOUNT, newest first): whose account it is, as far as the payments tell.
 */
const KNOWN_DOCUMENTS = sql(`
  SELECT counter_account, array_agg(document_id::text ORDER BY matched_at DESC) AS document_ids
    FROM (SELECT counter_account, document_id, matched_at,
                 row_number() OVER (PARTITION BY counter_account ORDER BY matched_at DESC, id) AS n
            FROM payments
           WHERE organization_id = ? AND counter_account = ANY(?::text[]) AND document_id IS NOT NULL
             AND direction = 'IN') latest
   WHERE n <= ?
   GROUP BY counter_account`);

export async function knownDocumentsByCounterAccount(
  em: EntityManager,
  organizationId: string,
  counterAccounts: readonly string[],
): Promise<Map<string, string[]>> {
  if (counterAccounts.length === 0) return new Map();
  const rows = await query<{ counter_account: string; document_ids: string[] }>(em, KNOWN_DOCUMENTS, [
    organizationId,
    [...new Set(counterAccounts)],
    KNOWN_PER_ACCOUNT,
  ]);
  return new Map(rows.map((r) => [r.counter_account, r.document_ids]));
}
