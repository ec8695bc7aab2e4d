import type { EntityManager } from '@mikro-orm/postgresql';
import { query } from '../../core/db/sql';

/** The counters of the numbering series (table numbering_series, one row per organization and series). */

export interface SeriesRow {
  document_type: string;
  prefix: string;
  padding: number;
  next_number: string;
}

export function listSeries(em: EntityManager, organizationId: string): Promise<SeriesRow[]> {
  return query<SeriesRow>(
    em,
    'SELECT document_type, prefix, padding, next_number FROM numbering_series WHERE organization_id = ?',
    [organizationId],
  );
}

/** The series' row, locked until the transaction ends; null when the series was never used. */
export async function lockSeries(em: EntityManager, organizationId: string, series: string): Promise<SeriesRow | null> {
  const [row] = await query<SeriesRow>(
    em,
    `SELECT document_type, prefix, padding, next_number FROM numbering_series
     WHERE organization_id = ? AND document_type = ? FOR UPDATE`,
    [organizationId, series],
  );
  return row ?? null;
}

export interface SeriesChange {
  organizationId: string;
  series: string;
  /** What a series never stored starts from; a stored one keeps its values where the change has none. */
  defaults: { prefix: string; padding: number; nextNumber: number };
  prefix?: string;
  padding?: number;
  nextNumber?: number;
  now: Date;
}

export async function changeSeries(em: EntityManager, c: SeriesChange): Promise<void> {
  await query(
    em,
    `INSERT INTO numbering_series (organization_id, document_type, prefix, padding, next_number, updated_at)
     VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (organization_id, document_type) DO UPDATE SET
       prefix = COALESCE(?, numbering_series.prefix),
       padding = COALESCE(?, numbering_series.padding),
       next_number = COALESCE(?, numbering_series.next_number),
       updated_at = EXCLUDED.updated_at`,
    [
      c.organizationId,
      c.series,
      c.prefix ?? c.defaults.prefix,
      c.padding ?? c.defaults.padding,
      c.nextNumber ?? c.defaults.nextNumber,
      c.now,
      c.prefix ?? null,
      c.padding ?? null,
      c.nextNumber ?? null,
    ],
  );
}

/**
 * Takes the series' next counter value (a series never used starts at 1 with `prefix` and `padding`);
 * the row stays locked by the transaction, so concurrent takers queue and a rollback gives it back.
 */
export async function takeNext(
  em: EntityManager,
  organizationId: string,
  series: string,
  defaults: { prefix: string; padding: number },
  now: Date,
): Promise<{ prefix: string; padding: number; taken: string }> {
  const [row] = await query<{ prefix: string; padding: number; taken: string }>(
    em,
    `INSERT INTO numbering_series (organization_id, document_type, prefix, padding, next_number, updated_at)
     VALUES (?, ?, ?, ?, 2, ?)
     ON CONFLICT (organization_id, document_type) DO UPDATE SET next_number = numbering_series.next_number + 1
     RETURNING prefix, padding, next_number - 1 AS taken`,
    [organizationId, series, defaults.prefix, defaults.padding, now],
  );
  return row;
}

export async function stepBack(em: EntityManager, organizationId: string, series: string): Promise<void> {
  await query(
    em,
    'UPDATE numbering_series SET next_number = next_number - 1 WHERE organization_id = ? AND document_type = ?',
    [organizationId, series],
  );
}

/** Whether a document of `type` already has `number` (the documents' own taken-check for their series). */
export async function documentNumberTaken(
  em: EntityManager,
  organizationId: string,
  type: string,
  number: string,
): Promise<boolean> {
  const rows = await query(em, 'SELECT 1 FROM documents WHERE organization_id = ? AND type = ? AND number = ?', [
    organizationId,
    type,
    number,
  ]);
  return rows.length > 0;
}
