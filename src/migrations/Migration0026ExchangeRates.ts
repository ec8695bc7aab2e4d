import { Migration } from '@mikro-orm/migrations';

/**
 * The rows of `table` in CZK made before it had CZK amounts: rate 1, their own amounts, and their
 * lines per VAT rate (as vatSplit sums them). Documents here; received costs in Migration0032.
 */
export function backfillCzkAmounts(table: 'documents' | 'costs'): string {
  return `UPDATE ${table}
        SET exchange_rate = 1, subtotal_czk = subtotal, vat_total_czk = vat_total, total_czk = total,
            vat_rates_czk = (
              SELECT coalesce(jsonb_agg(jsonb_build_object('vatRate', r.vat_rate, 'subtotal', r.base::text,
                       'vatTotal', r.vat::text, 'total', r.total::text) ORDER BY r.vat_rate::numeric DESC), '[]'::jsonb)
                FROM (SELECT (i->>'vatRate')::numeric::text AS vat_rate,
                             sum((i->>'base')::numeric)::numeric(14, 2) AS base,
                             sum((i->>'vat')::numeric)::numeric(14, 2) AS vat,
                             sum((i->>'total')::numeric)::numeric(14, 2) AS total
                        FROM jsonb_array_elements(${table}.items) i
                       GROUP BY (i->>'vatRate')::numeric) r)
      WHERE currency = 'CZK'`;
}

export const BACKFILL_CZK_DOCUMENTS = backfillCzkAmounts('documents');

/** The columns of a row's exchange rate and CZK amounts (documents here, received costs in Migration0032). */
const CZK_COLUMNS = ['exchange_rate', 'subtotal_czk', 'vat_total_czk', 'total_czk', 'vat_rates_czk'];
export const ADD_CZK_COLUMNS = `ADD COLUMN exchange_rate numeric(20, 9) CHECK (exchange_rate > 0),
      ADD COLUMN subtotal_czk numeric(14, 2),
      ADD COLUMN vat_total_czk numeric(14, 2),
      ADD COLUMN total_czk numeric(14, 2),
      ADD COLUMN vat_rates_czk jsonb`;
export const DROP_CZK_COLUMNS = CZK_COLUMNS.map((c) => `DROP COLUMN ${c}`).join(', ');

/**
 * Foreign currency at the ČNB rate (issue 25 point 5).
 * - exchange_rate_fixings / exchange_rates: each kept fixing of the Czech National Bank and its lines as
 *   published (`amount` units cost `rate` CZK; JPY is quoted per 100); kept whole or not at all.
 * - exchange_rate_days: which fixing is valid on a day (the last published on or before it: a Saturday
 *   maps to Friday's), as ČNB answered for that day.
 * - documents: `exchange_rate` (CZK per 1 unit of the document's currency) and the CZK amounts (totals
 *   and per VAT rate) the VAT report counts. CZK documents get rate 1 and their own amounts; documents
 *   of other currencies made before this have no rate (null), as nothing converted them then.
 */
export class Migration0026ExchangeRates extends Migration {
  override up(): void {
    this.addSql(`CREATE TABLE exchange_rate_fixings (
      published_on date PRIMARY KEY,
      sequence integer NOT NULL,
      fetched_at timestamptz NOT NULL
    )`);
    this.addSql(`CREATE TABLE exchange_rates (
      published_on date NOT NULL REFERENCES exchange_rate_fixings (published_on) ON DELETE CASCADE,
      currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
      amount integer NOT NULL CHECK (amount > 0),
      rate numeric(18, 6) NOT NULL CHECK (rate > 0),
      PRIMARY KEY (published_on, currency)
    )`);
    this.addSql(`CREATE TABLE exchange_rate_days (
      day date PRIMARY KEY,
      published_on date NOT NULL REFERENCES exchange_rate_fixings (published_on) ON DELETE CASCADE,
      CHECK (published_on <= day)
    )`);
    this.addSql(`ALTER TABLE documents ${ADD_CZK_COLUMNS}`);
    this.addSql(BACKFILL_CZK_DOCUMENTS);
  }

  override down(): void {
    this.addSql(`ALTER TABLE documents ${DROP_CZK_COLUMNS}`);
    this.addSql(`DROP TABLE exchange_rate_days`);
    this.addSql(`DROP TABLE exchange_rates`);
    this.addSql(`DROP TABLE exchange_rate_fixings`);
  }
}
