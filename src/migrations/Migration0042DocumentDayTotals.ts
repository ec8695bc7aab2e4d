import { Migration } from '@mikro-orm/migrations';

/**
 * Per-day sums of the counted documents (issue 27 point 6: statistics and the sales and VAT reports over
 * years of a large company), owned by the documents module.
 *
 * Counted: the documents the reports count (reports.service.ts REPORTED_TYPES and REPORTED_STATUSES,
 * never cancelled). Days are Czech calendar days (Europe/Prague), of the issue date (period ISSUED) and of
 * the taxable supply date (SUPPLIED: DUZP, the issue date unless set). `has_czk`: the document has its CZK
 * amounts (every one but a foreign-currency document made before Migration0026).
 * - document_day_totals: per (company, period, day, department, type, currency, reverse-charge regime,
 *   has_czk): count and sums in the document's currency and in CZK, paid (paid_amount; in CZK at the
 *   document's rate), and the days from issue to payment of those paid.
 * - document_day_rates: the lines per VAT rate (items in the document's currency, vat_rates_czk in CZK).
 * - document_day_contacts / document_day_items: per issue day, the base in CZK per contact and per item
 *   name (with quantities), for the top customers and products.
 *
 * Kept exact by one trigger on documents (document_day_totals_change): in the transaction of every
 * statement that inserts, changes or deletes a document, whatever path wrote it (the ORM, the bulk
 * INSERT of newDocumentsPart, a plain UPDATE), the old row's contribution is taken off and the new one's
 * added (each statement in key order, so two transactions lock the same sums in the same order). Backfilled here from the documents there are. documents_open_receivables_idx: the unpaid documents
 * of a company, for the receivables aging.
 */
const PRAGUE_DAY = (column: string) => `((${column}) AT TIME ZONE 'Europe/Prague')::date`;

const KEY = {
  totals: 'organization_id, period, day, department_id, type, currency, reverse_charge_regime, has_czk',
  rates: 'organization_id, period, day, department_id, type, currency, reverse_charge, has_czk, vat_rate',
  contacts: 'organization_id, day, department_id, contact_id',
  items: 'organization_id, day, department_id, name',
};

/** `t.c = t.c + EXCLUDED.c` for each column: the ON CONFLICT update adding a contribution. */
const adding = (table: string, columns: string[]) =>
  columns.map((c) => `${c} = ${table}.${c} + EXCLUDED.${c}`).join(', ');

const TOTALS = [
  'n',
  'base',
  'vat',
  'total',
  'paid',
  'base_czk',
  'vat_czk',
  'total_czk',
  'paid_czk',
  'n_paid',
  'days_to_payment',
];
const RATES = ['n', 'base', 'vat', 'total', 'base_czk', 'vat_czk', 'total_czk'];
const CONTACTS = ['n', 'revenue_czk'];
const ITEMS = ['quantity', 'revenue_czk', 'n'];

/**
 * The contribution of the documents of `source` (rows of the documents table, with a column `sign`: +1 or
 * -1), as INSERT ... ON CONFLICT statements into the four tables; the backfill runs them on all documents
 * (sign 1), the trigger on OLD (-1) and NEW (+1).
 */
function contributions(source: string): string[] {
  const counted = `d.type IN ('INVOICE', 'CREDIT_NOTE', 'ADVANCE_TAX_DOCUMENT')
      AND d.status IN ('ISSUED', 'SENT', 'PAID', 'ARCHIVED') AND d.cancelled_at IS NULL`;
  const days = `CROSS JOIN LATERAL (VALUES ('ISSUED', ${PRAGUE_DAY('d.issued_at')}),
      ('SUPPLIED', ${PRAGUE_DAY('COALESCE(d.taxable_supply_date, d.issued_at)')})) AS p(period, day)`;
  const czk = (amount: string) => `CASE WHEN d.vat_rates_czk IS NULL THEN 0 ELSE ${amount} END`;
  return [
    `INSERT INTO document_day_totals AS t (${KEY.totals}, ${TOTALS.join(', ')})
     SELECT d.organization_id, p.period, p.day, d.department_id, d.type, d.currency, d.reverse_charge_regime,
            d.vat_rates_czk IS NOT NULL, SUM(d.sign), SUM(d.sign * d.subtotal), SUM(d.sign * d.vat_total),
            SUM(d.sign * d.total), SUM(d.sign * d.paid_amount), SUM(d.sign * ${czk('d.subtotal_czk')}),
            SUM(d.sign * ${czk('d.vat_total_czk')}), SUM(d.sign * ${czk('d.total_czk')}),
            SUM(d.sign * ${czk('round(d.paid_amount * d.exchange_rate, 2)')}),
            SUM(d.sign * (d.paid_at IS NOT NULL)::int),
            SUM(d.sign * COALESCE(${PRAGUE_DAY('d.paid_at')} - ${PRAGUE_DAY('d.issued_at')}, 0))
       FROM ${source} d ${days}
      WHERE ${counted}
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
      ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
     ON CONFLICT (${KEY.totals}) DO UPDATE SET ${adding('t', TOTALS)}`,
    `INSERT INTO document_day_rates AS t (${KEY.rates}, ${RATES.join(', ')})
     SELECT d.organization_id, p.period, p.day, d.department_id, d.type, d.currency, d.reverse_charge_regime IS NOT NULL,
            d.vat_rates_czk IS NOT NULL, l.vat_rate, SUM(d.sign), SUM(d.sign * l.base), SUM(d.sign * l.vat), SUM(d.sign * l.total),
            SUM(d.sign * l.base_czk), SUM(d.sign * l.vat_czk), SUM(d.sign * l.total_czk)
       FROM ${source} d ${days}
      CROSS JOIN LATERAL (
        SELECT vat_rate, SUM(base) AS base, SUM(vat) AS vat, SUM(total) AS total,
               SUM(base_czk) AS base_czk, SUM(vat_czk) AS vat_czk, SUM(total_czk) AS total_czk
          FROM (SELECT (i->>'vatRate')::numeric AS vat_rate, COALESCE((i->>'base')::numeric, 0) AS base,
                       COALESCE((i->>'vat')::numeric, 0) AS vat, COALESCE((i->>'total')::numeric, 0) AS total,
                       0 AS base_czk, 0 AS vat_czk, 0 AS total_czk
                  FROM jsonb_array_elements(d.items) i
                UNION ALL
                SELECT (r->>'vatRate')::numeric, 0, 0, 0, COALESCE((r->>'subtotal')::numeric, 0),
                       COALESCE((r->>'vatTotal')::numeric, 0), COALESCE((r->>'total')::numeric, 0)
                  FROM jsonb_array_elements(COALESCE(d.vat_rates_czk, '[]'::jsonb)) r) lines
         GROUP BY vat_rate) l
      WHERE ${counted}
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9
      ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9
     ON CONFLICT (${KEY.rates}) DO UPDATE SET ${adding('t', RATES)}`,
    `INSERT INTO document_day_contacts AS t (${KEY.contacts}, ${CONTACTS.join(', ')})
     SELECT d.organization_id, ${PRAGUE_DAY('d.issued_at')}, d.department_id, d.contact_id, SUM(d.sign),
            SUM(d.sign * ${czk('d.subtotal_czk')})
       FROM ${source} d
      WHERE ${counted} AND d.contact_id IS NOT NULL
      GROUP BY 1, 2, 3, 4
      ORDER BY 1, 2, 3, 4
     ON CONFLICT (${KEY.contacts}) DO UPDATE SET ${adding('t', CONTACTS)}`,
    `INSERT INTO document_day_items AS t (${KEY.items}, ${ITEMS.join(', ')})
     SELECT d.organization_id, ${PRAGUE_DAY('d.issued_at')}, d.department_id, COALESCE(i->>'name', ''),
            SUM(d.sign * COALESCE((i->>'quantity')::numeric, 0)),
            SUM(d.sign * ${czk("COALESCE(round((i->>'base')::numeric * d.exchange_rate, 2), 0)")}), SUM(d.sign)
       FROM ${source} d CROSS JOIN LATERAL jsonb_array_elements(d.items) i
      WHERE ${counted}
      GROUP BY 1, 2, 3, 4
      ORDER BY 1, 2, 3, 4
     ON CONFLICT (${KEY.items}) DO UPDATE SET ${adding('t', ITEMS)}`,
  ];
}

/** The backfill: every document's contribution (the test of the trigger recomputes the sums with it and compares). */
export const DAY_TOTALS_BACKFILL = contributions('(SELECT documents.*, 1 AS sign FROM documents)');
export const DAY_TOTALS_TABLES = [
  'document_day_totals',
  'document_day_rates',
  'document_day_contacts',
  'document_day_items',
];

/** The columns whose change moves a document's contribution; an UPDATE of none of them leaves the sums alone. */
const WATCHED = [
  'organization_id',
  'type',
  'status',
  'cancelled_at',
  'department_id',
  'contact_id',
  'currency',
  'items',
  'issued_at',
  'taxable_supply_date',
  'subtotal',
  'vat_total',
  'total',
  'exchange_rate',
  'subtotal_czk',
  'vat_total_czk',
  'total_czk',
  'vat_rates_czk',
  'paid_amount',
  'paid_at',
  'reverse_charge_regime',
];

const money = 'numeric NOT NULL';

export class Migration0042DocumentDayTotals extends Migration {
  override up(): void {
    this.addSql(`CREATE TABLE document_day_totals (
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      period text NOT NULL CHECK (period IN ('ISSUED', 'SUPPLIED')),
      day date NOT NULL,
      department_id uuid,
      type text NOT NULL,
      currency text NOT NULL,
      reverse_charge_regime text,
      has_czk boolean NOT NULL,
      n integer NOT NULL,
      base ${money}, vat ${money}, total ${money}, paid ${money},
      base_czk ${money}, vat_czk ${money}, total_czk ${money}, paid_czk ${money},
      n_paid integer NOT NULL,
      days_to_payment bigint NOT NULL,
      CONSTRAINT document_day_totals_key UNIQUE NULLS NOT DISTINCT (${KEY.totals})
    )`);
    this.addSql(`CREATE TABLE document_day_rates (
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      period text NOT NULL CHECK (period IN ('ISSUED', 'SUPPLIED')),
      day date NOT NULL,
      department_id uuid,
      type text NOT NULL,
      currency text NOT NULL,
      reverse_charge boolean NOT NULL,
      has_czk boolean NOT NULL,
      vat_rate numeric,
      n integer NOT NULL,
      base ${money}, vat ${money}, total ${money}, base_czk ${money}, vat_czk ${money}, total_czk ${money},
      CONSTRAINT document_day_rates_key UNIQUE NULLS NOT DISTINCT (${KEY.rates})
    )`);
    this.addSql(`CREATE TABLE document_day_contacts (
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      day date NOT NULL,
      department_id uuid,
      contact_id uuid NOT NULL,
      n integer NOT NULL,
      revenue_czk ${money},
      CONSTRAINT document_day_contacts_key UNIQUE NULLS NOT DISTINCT (${KEY.contacts})
    )`);
    this.addSql(`CREATE TABLE document_day_items (
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      day date NOT NULL,
      department_id uuid,
      name text NOT NULL,
      quantity numeric NOT NULL,
      revenue_czk ${money},
      n integer NOT NULL,
      CONSTRAINT document_day_items_key UNIQUE NULLS NOT DISTINCT (${KEY.items})
    )`);
    // The receivables aging reads the unpaid ones of a company.
    this.addSql(`CREATE INDEX documents_open_receivables_idx ON documents (organization_id, due_at)
      WHERE status IN ('ISSUED', 'SENT') AND cancelled_at IS NULL`);
    // The trigger's statements read the changed row through a one-row VALUES list with the sign.
    const [totals, rates, contacts, items] = contributions('(SELECT (row_).*, sign_ AS sign)');
    this.addSql(`CREATE FUNCTION document_day_totals_add(row_ documents, sign_ integer) RETURNS void
      LANGUAGE plpgsql AS $fn$
      BEGIN
        ${totals};
        ${rates};
        ${contacts};
        ${items};
      END
      $fn$`);
    this.addSql(`CREATE FUNCTION document_day_totals_change() RETURNS trigger
      LANGUAGE plpgsql AS $fn$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM document_day_totals_add(OLD, -1); END IF;
        IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM document_day_totals_add(NEW, 1); END IF;
        RETURN NULL;
      END
      $fn$`);
    this.addSql(`CREATE TRIGGER document_day_totals_insert_delete AFTER INSERT OR DELETE ON documents
      FOR EACH ROW EXECUTE FUNCTION document_day_totals_change()`);
    this.addSql(`CREATE TRIGGER document_day_totals_update AFTER UPDATE OF ${WATCHED.join(', ')} ON documents
      FOR EACH ROW WHEN ((${WATCHED.map((c) => `OLD.${c}`).join(', ')}) IS DISTINCT FROM (${WATCHED.map((c) => `NEW.${c}`).join(', ')}))
      EXECUTE FUNCTION document_day_totals_change()`);
    for (const statement of DAY_TOTALS_BACKFILL) this.addSql(statement);
  }

  override down(): void {
    this.addSql(`DROP TRIGGER document_day_totals_update ON documents`);
    this.addSql(`DROP TRIGGER document_day_totals_insert_delete ON documents`);
    this.addSql(`DROP FUNCTION document_day_totals_change()`);
    this.addSql(`DROP FUNCTION document_day_totals_add(documents, integer)`);
    this.addSql(`DROP INDEX documents_open_receivables_idx`);
    for (const table of DAY_TOTALS_TABLES.toReversed()) this.addSql(`DROP TABLE ${table}`);
  }
}
