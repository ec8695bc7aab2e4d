import type { EntityManager } from '@mikro-orm/postgresql';
import { query, sql } from '../../core/db/sql';
import type { Restart } from './numbering-mask';

/**
 * The numbering series (table numbering_series: mask and restart per organization and series) and
 * their counters (table numbering_counters: one per organization, series and period).
 */

export interface SeriesRow {
  document_type: string;
  format: string;
  restart: Restart;
}

export function listSeries(em: EntityManager, organizationId: string): Promise<SeriesRow[]> {
  return query<SeriesRow>(em, 'SELECT document_type, format, restart FROM numbering_series WHERE organization_id = ?', [
    organizationId,
  ]);
}

const SERIES_OF = sql(
  'SELECT document_type, format, restart FROM numbering_series WHERE organization_id = ? AND document_type = ?',
  'numbering_series_of',
);

export async function seriesOf(em: EntityManager, organizationId: string, series: string): Promise<SeriesRow | null> {
  const [row] = await query<SeriesRow>(em, SERIES_OF, [organizationId, series]);
  return row ?? null;
}

/** The next counter value of each of the series' periods given (1 where a period was never used). */
export async function nextNumbers(
  em: EntityManager,
  organizationId: string,
  periods: { series: string; period: string }[],
): Promise<Map<string, number>> {
  const rows = await query<{ document_type: string; period: string; next_number: string }>(
    em,
    `SELECT document_type, period, next_number FROM numbering_counters
     WHERE organization_id = ? AND (document_type, period) IN (SELECT * FROM unnest(?::text[], ?::text[]))`,
    [organizationId, periods.map((p) => p.series), periods.map((p) => p.period)],
  );
  return new Map(rows.map((r) => [`${r.document_type}/${r.period}`, Number(r.next_number)]));
}

export interface SeriesChange {
  organizationId: string;
  series: string;
  format: string;
  restart: Restart;
  now: Date;
}

/** Stores the series' settings; `keep`: only when it has none yet. */
export async function saveSeries(em: EntityManager, c: SeriesChange, keep = false): Promise<void> {
  await query(
    em,
    `INSERT INTO numbering_series (organization_id, document_type, format, restart, updated_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (organization_id, document_type) DO ${
       keep
         ? 'NOTHING'
         : 'UPDATE SET format = EXCLUDED.format, restart = EXCLUDED.restart, updated_at = EXCLUDED.updated_at'
     }`,
    [c.organizationId, c.series, c.format, c.restart, c.now],
  );
}

/** Sets the counter of one period of the series. */
export async function setCounter(
  em: EntityManager,
  organizationId: string,
  series: string,
  period: string,
  nextNumber: number,
): Promise<void> {
  await query(
    em,
    `INSERT INTO numbering_counters (organization_id, document_type, period, next_number) VALUES (?, ?, ?, ?)
     ON CONFLICT (organization_id, document_type, period) DO UPDATE SET next_number = EXCLUDED.next_number`,
    [organizationId, series, period, nextNumber],
  );
}

/**
 * Takes the next counter value of the series' period (a period never used starts at 1); the row stays
 * locked by the transaction, so concurrent takers queue and a rollback gives the value back.
 */
export async function takeNext(
  em: EntityManager,
  organizationId: string,
  series: string,
  period: string,
): Promise<number> {
  const [row] = await query<{ taken: string }>(
    em,
    `INSERT INTO numbering_counters (organization_id, document_type, period, next_number) VALUES (?, ?, ?, 2)
     ON CONFLICT (organization_id, document_type, period) DO UPDATE SET next_number = numbering_counters.next_number + 1
     RETURNING next_number - 1 AS taken`,
    [organizationId, series, period],
  );
  return Number(row.taken);
}

/**
 * The part of one statement (CTEs `counter`, `numbered` and `kept`) that takes the next counter value of
 * a series' period as takeNext does and prints it in the mask: `numbered.number`; on the series' first
 * use it also keeps the settings it numbers with (saveSeries with `keep`), in the same statement, so
 * that statement is the creation's one write. Parameters, in order: organization, series, period, the
 * mask's text before the counter, the counter's width, the text after it, then the mask, restart and
 * time to keep (a null mask: the series has its settings stored already). The counter row stays locked
 * until the statement's transaction ends, as with takeNext.
 */
export function nextNumberPart(): string {
  return `counter AS (
  INSERT INTO numbering_counters (organization_id, document_type, period, next_number) VALUES (?, ?, ?, 2)
  ON CONFLICT (organization_id, document_type, period) DO UPDATE SET next_number = numbering_counters.next_number + 1
  RETURNING organization_id, document_type, next_number - 1 AS taken
),
numbered AS (
  SELECT ?::text || lpad(taken::text, greatest(?::int, length(taken::text)), '0') || ?::text AS number FROM counter
),
kept AS (
  INSERT INTO numbering_series (organization_id, document_type, format, restart, updated_at)
  SELECT c.organization_id, c.document_type, s.format, s.restart, s.at
    FROM counter c, (VALUES (?::text, ?::text, ?::timestamptz)) AS s(format, restart, at)
   WHERE s.format IS NOT NULL
  ON CONFLICT (organization_id, document_type) DO NOTHING
)`;
}

/** The period's next counter value, its row locked until the transaction ends; null when never used. */
export async function lockCounter(
  em: EntityManager,
  organizationId: string,
  series: string,
  period: string,
): Promise<number | null> {
  const [row] = await query<{ next_number: string }>(
    em,
    `SELECT next_number FROM numbering_counters
     WHERE organization_id = ? AND document_type = ? AND period = ? FOR UPDATE`,
    [organizationId, series, period],
  );
  return row ? Number(row.next_number) : null;
}

export async function stepBack(
  em: EntityManager,
  organizationId: string,
  series: string,
  period: string,
): Promise<void> {
  await query(
    em,
    `UPDATE numbering_counters SET next_number = next_number - 1
     WHERE organization_id = ? AND document_type = ? AND period = ?`,
    [organizationId, series, period],
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
