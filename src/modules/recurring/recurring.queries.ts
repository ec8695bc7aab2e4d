import type { EntityManager } from '@mikro-orm/postgresql';
import { query, sql } from '../../core/db/sql';

const CLAIM_OCCURRENCE = sql(
  `INSERT INTO recurring_occurrences (id, organization_id, series_id, occurrence_index, occurrence_date, created_at)
   VALUES (gen_random_uuid(), ?, ?, ?, ?, ?)
   ON CONFLICT (series_id, occurrence_date) DO NOTHING
   RETURNING id`,
  'recurring_claim_occurrence',
);

const RECORD_DOCUMENT = sql(
  `UPDATE recurring_occurrences SET document_id = ? WHERE id = ?`,
  'recurring_record_document',
);

export interface OccurrenceClaim {
  organizationId: string;
  seriesId: string;
  index: number;
  date: string;
  at: Date;
}

/**
 * Claims an occurrence for generation: its row goes in first, so a second worker or a repeated run
 * finds it taken (the UNIQUE (series_id, occurrence_date) key) and makes no second document. The id of
 * the new row, or null when the occurrence was already claimed.
 */
export async function claimOccurrence(em: EntityManager, c: OccurrenceClaim): Promise<string | null> {
  const rows = await query<{ id: string }>(em, CLAIM_OCCURRENCE, [c.organizationId, c.seriesId, c.index, c.date, c.at]);
  return rows[0]?.id ?? null;
}

export async function recordOccurrenceDocument(
  em: EntityManager,
  occurrenceId: string,
  documentId: string,
): Promise<void> {
  await query(em, RECORD_DOCUMENT, [documentId, occurrenceId]);
}

const OCCURRENCES = sql(
  `SELECT occurrence_index AS index, to_char(occurrence_date, 'YYYY-MM-DD') AS date, document_id AS "documentId"
     FROM recurring_occurrences
    WHERE series_id = ? AND occurrence_date < ?
    ORDER BY occurrence_date DESC
    LIMIT ?`,
  'recurring_occurrences_page',
);

export interface OccurrenceRow {
  index: number;
  date: string;
  /** null when the document's transaction is under way (it commits with the row). */
  documentId: string | null;
}

/** A series' generated occurrences before the Czech day `before`, newest first, at most `limit`. */
export async function occurrencesOf(
  em: EntityManager,
  seriesId: string,
  before: string,
  limit: number,
): Promise<OccurrenceRow[]> {
  return query<OccurrenceRow>(em, OCCURRENCES, [seriesId, before, limit]);
}
