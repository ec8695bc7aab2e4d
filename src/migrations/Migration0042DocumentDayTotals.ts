import { Migration } from '@mikro-orm/migrations';

/**
 * Per-day sums of the counted documents and received costs (issue 27 point 6: statistics and the sales and
 * VAT reports over years of a large company). The document_* tables belong to the documents module, the
 * cost_* table to the costs module (its statements are in costs.queries.ts).
 *
 * Counted documents: those the reports count (reports.service.ts REPORTED_TYPES and REPORTED_STATUSES, never
 * cancelled). Days are Czech calendar days (Europe/Prague), of the issue date (period ISSUED) and of the
 * taxable supply date (SUPPLIED: DUZP, the issue date unless set). `has_czk`: the row has its CZK amounts
 * (every one but a foreign-currency document or cost made before Migration0026/0032).
 * - document_day_totals: per (company, period, day, department, type, currency, reverse-charge regime,
 *   has_czk): count and sums in the document's currency and in CZK, paid (paid_amount; in CZK at the
 *   document's rate), and the days from issue to payment of those paid.
 * - document_day_rates: the lines per VAT rate (items in the document's currency, vat_rates_czk in CZK).
 * - document_day_contacts / document_day_items: the base in CZK per contact and per item name (with
 *   quantities) of the documents issued in a day (grain D), a month (M, day = its 1st) and a year (Y, day =
 *   1 January): a range reads whole years, whole months and the days left (top customers and products).
 * - document_day_receivables: unpaid invoices (ISSUED or SENT, something left to pay) per due day: count and
 *   what remains in CZK at the document's rate (the receivables aging).
 * - cost_day_rates: the lines of received costs (not cancelled) per VAT rate, by issue day (ISSUED) and by
 *   vatClaimDate (CLAIMED), in the cost's currency and in CZK.
 *
 * Kept exact by a trigger on each table (documents: document_day_totals_change; costs:
 * cost_day_rates_change): in the transaction of every statement that inserts, changes or deletes a row,
 * whatever path wrote it (the ORM, the bulk INSERT of newDocumentsPart, a plain UPDATE), the old row's
 * contribution is taken off and the new one's added, each statement in key order (two transactions lock the
 * same sums in the same order). Backfilled here from the rows there are.
 */
const PRAGUE_DAY = (column: string) => `((${column}) AT TIME ZONE 'Europe/Prague')::date`;

const KEY = {
  totals: 'organization_id, period, day, department_id, type, currency, reverse_charge_regime, has_czk',
  rates: 'organization_id, period, day, department_id, type, currency, reverse_charge, has_czk, vat_rate',
  contacts: 'organization_id, grain, day, department_id, contact_id',
  items: 'organization_id, grain, day, department_id, name',
  receivables: 'organization_id, due_day, department_id',
  costs: 'organization_id, period, day, currency, reverse_charge, has_czk, vat_rate',
};

/** `t.c = t.c + EXCLUDED.c` for each column: the ON CONFLICT update adding a contribution. */
const adding = (columns: string[]) => columns.map((c) => `${c} = t.${c} + EXCLUDED.${c}`).join(', ');

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
const RECEIVABLES = ['n', 'amount_czk'];

/** INSERT of grouped contributions into `table`, in key order, adding to the sums there. */
function upsert(table: string, key: string, columns: string[], select: string): string {
  const positions = key
    .split(', ')
    .map((_, i) => i + 1)
    .join(', ');
  return `INSERT INTO ${table} AS t (${key}, ${columns.join(', ')})
    ${select}
    GROUP BY ${positions} ORDER BY ${positions}
    ON CONFLICT (${key}) DO UPDATE SET ${adding(columns)}`;
}

/**
 * The lines of the row `r` per VAT rate: `items` in its currency and `vat_rates_czk` in CZK, as a lateral
 * join giving l.vat_rate, l.base, l.vat, l.total, l.base_czk, l.vat_czk, l.total_czk.
 */
function linesPerRate(r: string): string {
  return `CROSS JOIN LATERAL (
    SELECT vat_rate, SUM(base) AS base, SUM(vat) AS vat, SUM(total) AS total,
           SUM(base_czk) AS base_czk, SUM(vat_czk) AS vat_czk, SUM(total_czk) AS total_czk
      FROM (SELECT (i->>'vatRate')::numeric AS vat_rate, COALESCE((i->>'base')::numeric, 0) AS base,
                   COALESCE((i->>'vat')::numeric, 0) AS vat, COALESCE((i->>'total')::numeric, 0) AS total,
                   0 AS base_czk, 0 AS vat_czk, 0 AS total_czk
              FROM jsonb_array_elements(${r}.items) i
            UNION ALL
            SELECT (c->>'vatRate')::numeric, 0, 0, 0, COALESCE((c->>'subtotal')::numeric, 0),
                   COALESCE((c->>'vatTotal')::numeric, 0), COALESCE((c->>'total')::numeric, 0)
              FROM jsonb_array_elements(COALESCE(${r}.vat_rates_czk, '[]'::jsonb)) c) lines
     GROUP BY vat_rate) l`;
}

/**
 * The contribution of the documents of `source` (rows of the documents table, with a column `sign`: +1 or
 * -1), as INSERT ... ON CONFLICT statements into the document tables; the backfill runs them on all
 * documents (sign 1), the trigger on OLD (-1) and NEW (+1).
 */
function documentContributions(source: string): string[] {
  const counted = `d.type IN ('INVOICE', 'CREDIT_NOTE', 'ADVANCE_TAX_DOCUMENT')
      AND d.status IN ('ISSUED', 'SENT', 'PAID', 'ARCHIVED') AND d.cancelled_at IS NULL`;
  const days = `CROSS JOIN LATERAL (VALUES ('ISSUED', ${PRAGUE_DAY('d.issued_at')}),
      ('SUPPLIED', ${PRAGUE_DAY('COALESCE(d.taxable_supply_date, d.issued_at)')})) AS p(period, day)`;
  const grains = `CROSS JOIN LATERAL (VALUES ('D', ${PRAGUE_DAY('d.issued_at')}),
      ('M', date_trunc('month', d.issued_at AT TIME ZONE 'Europe/Prague')::date),
      ('Y', date_trunc('year', d.issued_at AT TIME ZONE 'Europe/Prague')::date)) AS g(grain, day)`;
  const czk = (amount: string) => `CASE WHEN d.vat_rates_czk IS NULL THEN 0 ELSE ${amount} END`;
  const remaining = 'd.total + d.credited_amount - d.paid_amount';
  return [
    upsert(
      'document_day_totals',
      KEY.totals,
      TOTALS,
      `SELECT d.organization_id, p.period, p.day, d.department_id, d.type, d.currency, d.reverse_charge_regime,
            d.vat_rates_czk IS NOT NULL, SUM(d.sign), SUM(d.sign * d.subtotal), SUM(d.sign * d.vat_total),
            SUM(d.sign * d.total), SUM(d.sign * d.paid_amount), SUM(d.sign * ${czk('d.subtotal_czk')}),
            SUM(d.sign * ${czk('d.vat_total_czk')}), SUM(d.sign * ${czk('d.total_czk')}),
            SUM(d.sign * ${czk('round(d.paid_amount * d.exchange_rate, 2)')}),
            SUM(d.sign * (d.paid_at IS NOT NULL)::int),
            SUM(d.sign * COALESCE(${PRAGUE_DAY('d.paid_at')} - ${PRAGUE_DAY('d.issued_at')}, 0))
       FROM ${source} d ${days}
      WHERE ${counted}`,
    ),
    upsert(
      'document_day_rates',
      KEY.rates,
      RATES,
      `SELECT d.organization_id, p.period, p.day, d.department_id, d.type, d.currency, d.reverse_charge_regime IS NOT NULL,
            d.vat_rates_czk IS NOT NULL, l.vat_rate, SUM(d.sign), SUM(d.sign * l.base), SUM(d.sign * l.vat),
            SUM(d.sign * l.total), SUM(d.sign * l.base_czk), SUM(d.sign * l.vat_czk), SUM(d.sign * l.total_czk)
       FROM ${source} d ${days} ${linesPerRate('d')}
      WHERE ${counted}`,
    ),
    upsert(
      'document_day_contacts',
      KEY.contacts,
      CONTACTS,
      `SELECT d.organization_id, g.grain, g.day, d.department_id, d.contact_id, SUM(d.sign),
            SUM(d.sign * ${czk('d.subtotal_czk')})
       FROM ${source} d ${grains}
      WHERE ${counted} AND d.contact_id IS NOT NULL`,
    ),
    upsert(
      'document_day_items',
      KEY.items,
      ITEMS,
      `SELECT d.organization_id, g.grain, g.day, d.department_id, COALESCE(i->>'name', ''),
            SUM(d.sign * COALESCE((i->>'quantity')::numeric, 0)),
            SUM(d.sign * ${czk("COALESCE(round((i->>'base')::numeric * d.exchange_rate, 2), 0)")}), SUM(d.sign)
       FROM ${source} d ${grains} CROSS JOIN LATERAL jsonb_array_elements(d.items) i
      WHERE ${counted}`,
    ),
    upsert(
      'document_day_receivables',
      KEY.receivables,
      RECEIVABLES,
      `SELECT d.organization_id, ${PRAGUE_DAY('d.due_at')}, d.department_id, SUM(d.sign),
            SUM(d.sign * round((${remaining}) * d.exchange_rate, 2))
       FROM ${source} d
      WHERE d.type = 'INVOICE' AND d.status IN ('ISSUED', 'SENT') AND d.cancelled_at IS NULL
        AND d.exchange_rate IS NOT NULL AND ${remaining} > 0`,
    ),
  ];
}

/** As documentContributions, of received costs (`source`: rows of the costs table with `sign`). */
function costContributions(source: string): string[] {
  return [
    upsert(
      'cost_day_rates',
      KEY.costs,
      RATES,
      `SELECT c.organization_id, p.period, p.day, c.currency, c.reverse_charge, c.vat_rates_czk IS NOT NULL,
            l.vat_rate, SUM(c.sign), SUM(c.sign * l.base), SUM(c.sign * l.vat), SUM(c.sign * l.total),
            SUM(c.sign * l.base_czk), SUM(c.sign * l.vat_czk), SUM(c.sign * l.total_czk)
       FROM ${source} c
      CROSS JOIN LATERAL (VALUES ('ISSUED', ${PRAGUE_DAY('c.issued_at')}), ('CLAIMED', ${PRAGUE_DAY('c.vat_claim_date')})) AS p(period, day)
      ${linesPerRate('c')}
      WHERE c.status <> 'CANCELLED'`,
    ),
  ];
}

/** The backfill: every row's contribution (the test of the triggers recomputes the sums with it and compares). */
export const DAY_TOTALS_BACKFILL = [
  ...documentContributions('(SELECT documents.*, 1 AS sign FROM documents)'),
  ...costContributions('(SELECT costs.*, 1 AS sign FROM costs)'),
];
export const DAY_TOTALS_TABLES = [
  'document_day_totals',
  'document_day_rates',
  'document_day_contacts',
  'document_day_items',
  'document_day_receivables',
  'cost_day_rates',
];

/** The columns of documents whose change moves a document's contribution; an UPDATE of none leaves the sums alone. */
const DOCUMENT_COLUMNS = [
  'organization_id',
  'type',
  'status',
  'cancelled_at',
  'department_id',
  'contact_id',
  'currency',
  'items',
  'issued_at',
  'due_at',
  'taxable_supply_date',
  'subtotal',
  'vat_total',
  'total',
  'credited_amount',
  'exchange_rate',
  'subtotal_czk',
  'vat_total_czk',
  'total_czk',
  'vat_rates_czk',
  'paid_amount',
  'paid_at',
  'reverse_charge_regime',
];
const COST_COLUMNS = [
  'organization_id',
  'status',
  'currency',
  'items',
  'issued_at',
  'vat_claim_date',
  'reverse_charge',
  'vat_rates_czk',
];

const money = 'numeric NOT NULL';

/**
 * The functions and triggers keeping the sums of `table` (documents or costs): `<name>_add(row, sign)` runs
 * the contribution statements of one row, `<name>_change()` takes OLD off and adds NEW.
 */
function trigger(table: string, name: string, statements: string[], watched: string[]): string[] {
  const list = (row: string) => watched.map((c) => `${row}.${c}`).join(', ');
  return [
    `CREATE FUNCTION ${name}_add(row_ ${table}, sign_ integer) RETURNS void
      LANGUAGE plpgsql AS $fn$
      BEGIN
        ${statements.map((st) => `${st};`).join('\n')}
      END
      $fn$`,
    `CREATE FUNCTION ${name}_change() RETURNS trigger
      LANGUAGE plpgsql AS $fn$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM ${name}_add(OLD, -1); END IF;
        IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM ${name}_add(NEW, 1); END IF;
        RETURN NULL;
      END
      $fn$`,
    `CREATE TRIGGER ${name}_insert_delete AFTER INSERT OR DELETE ON ${table}
      FOR EACH ROW EXECUTE FUNCTION ${name}_change()`,
    `CREATE TRIGGER ${name}_update AFTER UPDATE OF ${watched.join(', ')} ON ${table}
      FOR EACH ROW WHEN ((${list('OLD')}) IS DISTINCT FROM (${list('NEW')}))
      EXECUTE FUNCTION ${name}_change()`,
  ];
}

/** The trigger statements read the changed row through a one-row SELECT with its sign. */
const ROW = '(SELECT (row_).*, sign_ AS sign)';

export class Migration0042DocumentDayTotals extends Migration {
  override up(): void {
    const organization = 'organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE';
    this.addSql(`CREATE TABLE document_day_totals (
      ${organization},
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
    const rates = `n integer NOT NULL,
      base ${money}, vat ${money}, total ${money}, base_czk ${money}, vat_czk ${money}, total_czk ${money}`;
    this.addSql(`CREATE TABLE document_day_rates (
      ${organization},
      period text NOT NULL CHECK (period IN ('ISSUED', 'SUPPLIED')),
      day date NOT NULL,
      department_id uuid,
      type text NOT NULL,
      currency text NOT NULL,
      reverse_charge boolean NOT NULL,
      has_czk boolean NOT NULL,
      vat_rate numeric,
      ${rates},
      CONSTRAINT document_day_rates_key UNIQUE NULLS NOT DISTINCT (${KEY.rates})
    )`);
    const grain = `grain text NOT NULL CHECK (grain IN ('D', 'M', 'Y'))`;
    this.addSql(`CREATE TABLE document_day_contacts (
      ${organization},
      ${grain},
      day date NOT NULL,
      department_id uuid,
      contact_id uuid NOT NULL,
      n integer NOT NULL,
      revenue_czk ${money},
      CONSTRAINT document_day_contacts_key UNIQUE NULLS NOT DISTINCT (${KEY.contacts})
    )`);
    this.addSql(`CREATE TABLE document_day_items (
      ${organization},
      ${grain},
      day date NOT NULL,
      department_id uuid,
      name text NOT NULL,
      quantity numeric NOT NULL,
      revenue_czk ${money},
      n integer NOT NULL,
      CONSTRAINT document_day_items_key UNIQUE NULLS NOT DISTINCT (${KEY.items})
    )`);
    this.addSql(`CREATE TABLE document_day_receivables (
      ${organization},
      due_day date NOT NULL,
      department_id uuid,
      n integer NOT NULL,
      amount_czk ${money},
      CONSTRAINT document_day_receivables_key UNIQUE NULLS NOT DISTINCT (${KEY.receivables})
    )`);
    this.addSql(`CREATE TABLE cost_day_rates (
      ${organization},
      period text NOT NULL CHECK (period IN ('ISSUED', 'CLAIMED')),
      day date NOT NULL,
      currency text NOT NULL,
      reverse_charge boolean NOT NULL,
      has_czk boolean NOT NULL,
      vat_rate numeric,
      ${rates},
      CONSTRAINT cost_day_rates_key UNIQUE NULLS NOT DISTINCT (${KEY.costs})
    )`);
    for (const statement of trigger('documents', 'document_day_totals', documentContributions(ROW), DOCUMENT_COLUMNS))
      this.addSql(statement);
    for (const statement of trigger('costs', 'cost_day_rates', costContributions(ROW), COST_COLUMNS))
      this.addSql(statement);
    for (const statement of DAY_TOTALS_BACKFILL) this.addSql(statement);
  }

  override down(): void {
    for (const [table, name] of [
      ['documents', 'document_day_totals'],
      ['costs', 'cost_day_rates'],
    ]) {
      this.addSql(`DROP TRIGGER ${name}_update ON ${table}`);
      this.addSql(`DROP TRIGGER ${name}_insert_delete ON ${table}`);
      this.addSql(`DROP FUNCTION ${name}_change()`);
      this.addSql(`DROP FUNCTION ${name}_add(${table}, integer)`);
    }
    for (const table of DAY_TOTALS_TABLES.toReversed()) this.addSql(`DROP TABLE ${table}`);
  }
}
