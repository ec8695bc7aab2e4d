import { Migration } from '@mikro-orm/migrations';

/**
 * Numbering masks (issue 25 point 7):
 * - numbering_series keeps the series' settings: `format` (a mask such as FV{YYYY}-{NNNN}, see
 *   numbering-mask.ts) and `restart` (YEARLY or NEVER). An old series' prefix + padding becomes the
 *   mask prefix{N…N} (padding N's): the same numbers continue.
 * - numbering_counters keeps the counters, one per (series, period): period is the Prague year of the
 *   issue date for a YEARLY series, '' for one that never restarts. An old counter moves to period ''.
 */
export class Migration0025NumberingMasks extends Migration {
  override up(): void {
    this.addSql(`CREATE TABLE numbering_counters (
      organization_id uuid NOT NULL REFERENCES organizations(id),
      document_type text NOT NULL,
      period text NOT NULL,
      next_number bigint NOT NULL,
      PRIMARY KEY (organization_id, document_type, period)
    )`);
    this.addSql(`INSERT INTO numbering_counters (organization_id, document_type, period, next_number)
      SELECT organization_id, document_type, '', next_number FROM numbering_series`);
    this.addSql(`ALTER TABLE numbering_series
      ADD COLUMN format text,
      ADD COLUMN restart text NOT NULL DEFAULT 'NEVER' CHECK (restart IN ('YEARLY', 'NEVER'))`);
    this.addSql(`UPDATE numbering_series SET format = prefix || '{' || repeat('N', padding) || '}'`);
    this.addSql(`ALTER TABLE numbering_series ALTER COLUMN format SET NOT NULL,
      DROP COLUMN prefix, DROP COLUMN padding, DROP COLUMN next_number`);
  }

  override down(): void {
    this.addSql(`ALTER TABLE numbering_series
      ADD COLUMN prefix text, ADD COLUMN padding integer, ADD COLUMN next_number bigint`);
    this.addSql(`UPDATE numbering_series s SET
      prefix = substring(s.format from '^(.*?)\\{N+\\}'),
      padding = length(substring(s.format from '\\{(N+)\\}')),
      next_number = COALESCE((SELECT max(c.next_number) FROM numbering_counters c
        WHERE c.organization_id = s.organization_id AND c.document_type = s.document_type), 1)`);
    this.addSql(`ALTER TABLE numbering_series ALTER COLUMN prefix SET NOT NULL, ALTER COLUMN padding SET NOT NULL,
      ALTER COLUMN next_number SET NOT NULL, DROP COLUMN format, DROP COLUMN restart`);
    this.addSql(`DROP TABLE numbering_counters`);
  }
}
