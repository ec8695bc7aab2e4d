import type { EntityManager } from '@mikro-orm/postgresql';
import { Document } from './document.entity';
import { reportedCurrency, reportedSums21And12 } from '../../core/czk-amounts.queries';
import { plainRecord } from '../../core/db/plain-record';
import { query, sql } from '../../core/db/sql';
import type { ReverseChargeRegime } from './reverse-charge';
import { sentRemindersOf, type SentReminderRow } from './document-emails.queries';

/**
 * Documents of some types and statuses, issued in [start, end) and never cancelled, of the given
 * departments (null: of any department or none). The first parameters of every report statement below.
 */
export interface IssuedDocuments {
  organizationId: string;
  types: readonly string[];
  statuses: readonly string[];
  start: Date;
  end: Date;
  departmentIds: readonly string[] | null;
  /** What [start, end) holds: the issue date (default), or the taxable supply date (DUZP; the issue date unless set) as VAT is due then. */
  period?: 'issued' | 'supplied';
}

const ISSUED = `d.organization_id = ? AND d.type = ANY(?::text[]) AND d.status = ANY(?::text[])
  AND d.cancelled_at IS NULL AND d.issued_at >= ? AND d.issued_at < ?
  AND (?::uuid[] IS NULL OR d.department_id = ANY(?::uuid[]))`;
const SUPPLIED_AT = 'COALESCE(d.taxable_supply_date, d.issued_at)';

/** A report statement in both variants of IssuedDocuments.period, built from its WHERE clause. */
function byPeriod(build: (where: string) => string): Record<'issued' | 'supplied', ReturnType<typeof sql>> {
  return { issued: sql(build(ISSUED)), supplied: sql(build(ISSUED.replaceAll('d.issued_at', SUPPLIED_AT))) };
}

function issuedValues(f: IssuedDocuments): unknown[] {
  return [f.organizationId, f.types, f.statuses, f.start, f.end, f.departmentIds, f.departmentIds];
}

const REPORTED_CURRENCY = reportedCurrency('d');

/**
 * The control statement's documents of one currency (CZK: with those converted to CZK, their total in CZK), one
 * row per document with its lines summed at 21 and 12 % (and `base`, at every rate), in issue order:
 * - every § 92a (DOMESTIC reverse-charge) sale;
 * - without reverse charge, those with an amount at 21 or 12 % and a total over the limit by its absolute value
 *   (the last parameter): the candidates to be itemized, whose DIČ decides;
 * then, last, one row with a null id: the sums at 21 and 12 % of every document without reverse charge.
 * SQL sums the lines, so the app reads the few hundred itemized documents of a month and not each one of
 * the ~14,000 of a company with a million documents (docs/benchmarks.md, issue 31 point 3).
 */
export const CONTROL_STATEMENT_DOCUMENTS = byPeriod(
  (where) => `
  WITH per_document AS (
    SELECT d.id, d.number, d.contact_id, NULLIF(d.customer_details->>'vatId', '') AS customer_vat_id,
           d.reverse_charge_regime, d.reverse_charge_code, d.issued_at, ${SUPPLIED_AT} AS supplied_at,
           CASE WHEN d.vat_rates_czk IS NULL THEN d.total ELSE d.total_czk END AS total,
           s.base, s.base21, s.vat21, s.base12, s.vat12
      FROM documents d ${reportedSums21And12('d')}
     WHERE ${where} AND ${REPORTED_CURRENCY} = ?)
  SELECT * FROM (
    SELECT id, number, contact_id, customer_vat_id, reverse_charge_regime, reverse_charge_code, issued_at, supplied_at,
           total, base, base21, vat21, base12, vat12
      FROM per_document
     WHERE reverse_charge_regime = 'DOMESTIC'
        OR (reverse_charge_regime IS NULL AND abs(total) > ?::numeric
            AND (base21 <> 0 OR vat21 <> 0 OR base12 <> 0 OR vat12 <> 0))
    UNION ALL
    SELECT NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
           COALESCE(SUM(base21), 0), COALESCE(SUM(vat21), 0), COALESCE(SUM(base12), 0), COALESCE(SUM(vat12), 0)
      FROM per_document
     WHERE reverse_charge_regime IS NULL
  ) listed
   ORDER BY id IS NULL, issued_at, number, id`,
);

/** A row of CONTROL_STATEMENT_DOCUMENTS: a document, or (id null) the sums of all without reverse charge. */
export interface ControlStatementDocumentRow {
  id: string | null;
  number: string;
  contact_id: string | null;
  customer_vat_id: string | null;
  reverse_charge_regime: ReverseChargeRegime | null;
  reverse_charge_code: string | null;
  issued_at: Date;
  supplied_at: Date;
  total: string;
  base: string;
  base21: string;
  vat21: string;
  base12: string;
  vat12: string;
}

export function controlStatementDocuments(
  em: EntityManager,
  f: IssuedDocuments,
  currency: string,
  limit: string,
): Promise<ControlStatementDocumentRow[]> {
  return query(em, CONTROL_STATEMENT_DOCUMENTS[f.period ?? 'issued'], [...issuedValues(f), currency, limit]);
}

/**
 * Unpaid documents (of `types` in `statuses`) with one of these normalized variable symbols (leading
 * zeros dropped) or one of these numbers (upper case), locked FOR UPDATE in id order;
 * `departmentIds` null: any department.
 */
const LOCK_BY_SYMBOLS = sql(`
  SELECT id, number, currency, variable_symbol, exchange_rate::text AS exchange_rate,
         (total + credited_amount - paid_amount)::text AS remaining
    FROM documents
   WHERE organization_id = ? AND status = ANY(?::text[]) AND type = ANY(?::text[])
     AND (ltrim(variable_symbol, '0') = ANY(?::text[]) OR upper(number) = ANY(?::text[]))
     AND (?::uuid[] IS NULL OR department_id = ANY(?::uuid[]))
   ORDER BY id
   FOR UPDATE`);

export interface PayableRow {
  id: string;
  number: string;
  currency: string;
  variable_symbol: string;
  /** CZK per 1 unit of the document's currency; null for a foreign-currency document made before Migration0026. */
  exchange_rate: string | null;
  remaining: string;
}

export interface PayableDocuments {
  organizationId: string;
  types: readonly string[];
  statuses: readonly string[];
  departmentIds: readonly string[] | null;
}

export function lockBySymbols(
  em: EntityManager,
  f: PayableDocuments,
  symbols: string[],
  numbers: string[],
): Promise<PayableRow[]> {
  return query(em, LOCK_BY_SYMBOLS, [
    f.organizationId,
    f.statuses,
    f.types,
    symbols,
    numbers,
    f.departmentIds,
    f.departmentIds,
  ]);
}

/** Why a document is the likely one, strongest first (the order the lookup ranks them in). */
export const LIKELY_CLUES = [
  'VARIABLE_SYMBOL',
  'SPECIFIC_SYMBOL',
  'MESSAGE_NUMBER',
  'COUNTER_ACCOUNT',
  'AMOUNT',
] as const;
export type LikelyClue = (typeof LIKELY_CLUES)[number];

/**
 * For each payment, the unpaid document it most likely pays, by the strongest clue: the same
 * normalized variable symbol; the payment's specific symbol equal to the document's variable symbol;
 * the document's number in the payment's message; the remaining amount equal to the payment and the
 * document's contact the one of a document an earlier payment from the same counter account paid
 * (`known`: those documents' ids); the remaining amount equal to the payment. Within a clue, the
 * remaining amount equal to the payment first, then earliest due. The document is in the payment's
 * currency, or the payment is in CZK and the document has an exchange rate: `applied` is then the
 * payment converted at it (2 places), and the amounts compare in the document's currency. One
 * statement for all of them (a page of payments is one query, not one per row); `ord` is the
 * payment's 1-based position.
 */
const LIKELY_PAID_BY = sql(`
  SELECT p.ord, found.*
    FROM unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::numeric[])
         WITH ORDINALITY AS p(symbol, specific, numbers, known, currency, amount, ord)
   CROSS JOIN LATERAL (
     SELECT array_agg(k.contact_id) AS contacts
       FROM documents k
      WHERE k.organization_id = ? AND k.id = ANY(string_to_array(p.known, ',')::uuid[])
   ) kc
   CROSS JOIN LATERAL (
     SELECT d.id, d.number, d.client_name, d.currency, c.remaining::text AS remaining,
            c.applied::numeric(14,2)::text AS applied,
            CASE WHEN c.by_symbol THEN 'VARIABLE_SYMBOL' WHEN c.by_specific THEN 'SPECIFIC_SYMBOL'
                 WHEN c.by_number THEN 'MESSAGE_NUMBER' WHEN c.by_account AND c.applied = c.remaining THEN 'COUNTER_ACCOUNT'
                 ELSE 'AMOUNT' END AS clue
       FROM documents d
      CROSS JOIN LATERAL (
        SELECT (d.total + d.credited_amount - d.paid_amount)::numeric(14,2) AS remaining,
               CASE WHEN d.currency = p.currency THEN p.amount ELSE round(p.amount / d.exchange_rate, 2) END AS applied,
               (p.symbol <> '' AND ltrim(d.variable_symbol, '0') = p.symbol) AS by_symbol,
               (p.specific <> '' AND ltrim(d.variable_symbol, '0') = p.specific) AS by_specific,
               (upper(d.number) = ANY(string_to_array(p.numbers, ' '))) AS by_number,
               COALESCE(d.contact_id = ANY(kc.contacts), false) AS by_account
      ) c
      WHERE d.organization_id = ? AND d.status = ANY(?::text[]) AND d.type = ANY(?::text[])
        AND (d.currency = p.currency OR (p.currency = 'CZK' AND d.exchange_rate IS NOT NULL))
        AND (c.by_symbol OR c.by_specific OR c.by_number OR c.applied = c.remaining)
        AND (?::uuid[] IS NULL OR d.department_id = ANY(?::uuid[]))
      ORDER BY c.by_symbol DESC, c.by_specific DESC, c.by_number DESC, (c.by_account AND c.applied = c.remaining) DESC,
               (c.applied = c.remaining) DESC, d.due_at, d.id
      LIMIT 1
   ) found`);

export interface LikelyRow {
  ord: string;
  id: string;
  number: string;
  client_name: string | null;
  currency: string;
  remaining: string;
  /** The payment in the document's currency. */
  applied: string;
  clue: LikelyClue;
}

/**
 * A payment as the lookup reads it: `symbol` and `specificSymbol` without leading zeros ('' for none);
 * `numbers`: the words of its message that could be document numbers, upper case; `knownDocumentIds`:
 * documents earlier payments from its counter account were matched to.
 */
export interface PaymentClue {
  currency: string;
  amount: string;
  symbol: string;
  specificSymbol: string;
  numbers: readonly string[];
  knownDocumentIds: readonly string[];
}

export async function likelyPaidBy(
  em: EntityManager,
  f: PayableDocuments,
  payments: readonly PaymentClue[],
): Promise<(LikelyRow | null)[]> {
  if (payments.length === 0) return [];
  const rows = await query<LikelyRow>(em, LIKELY_PAID_BY, [
    payments.map((p) => p.symbol),
    payments.map((p) => p.specificSymbol),
    payments.map((p) => p.numbers.join(' ')),
    payments.map((p) => p.knownDocumentIds.join(',')),
    payments.map((p) => p.currency),
    payments.map((p) => p.amount),
    f.organizationId,
    f.organizationId,
    f.statuses,
    f.types,
    f.departmentIds,
    f.departmentIds,
  ]);
  const found: (LikelyRow | null)[] = payments.map(() => null);
  for (const row of rows) found[Number(row.ord) - 1] = row;
  return found;
}

/**
 * GET /documents/:id in one round trip (docs/benchmarks.md, issue 31 point 2): the document the caller
 * may see (its organization; only its departments when limited, core/departments.ts) with the reminders
 * the mail server accepted (document-emails.queries.ts) as JSON, newest first. The document's columns
 * are those the ORM reads (`d.*`), for `em.map`.
 */
const VISIBLE_DOCUMENT_RECORD = sql(
  `SELECT d.*,
          (SELECT COALESCE(json_agg(json_build_object('step', r.step, 'sent_at', r.sent_at) ORDER BY r.sent_at DESC, r.id), '[]')
             FROM (${sentRemindersOf('d.id')}) r) AS reminders
     FROM documents d
    WHERE d.id = ? AND d.organization_id = ? AND (?::uuid[] IS NULL OR d.department_id = ANY(?::uuid[]))`,
  'documents_visible_record',
);

export interface VisibleDocumentRecord {
  /** The document's columns. */
  row: Record<string, unknown>;
  reminders: SentReminderRow[];
}

/** A document `scope` may see with at most `reminderLimit` of its sent reminders, or null. */
export async function visibleDocumentRecord(
  em: EntityManager,
  scope: { organizationId: string; departmentIds: readonly string[] | null },
  id: string,
  reminderLimit: number,
): Promise<VisibleDocumentRecord | null> {
  const rows = await query<Record<string, unknown> & { reminders: SentReminderRow[] }>(em, VISIBLE_DOCUMENT_RECORD, [
    reminderLimit,
    id,
    scope.organizationId,
    scope.departmentIds,
    scope.departmentIds,
  ]);
  if (!rows[0]) return null;
  const { reminders, ...row } = rows[0];
  return { row, reminders };
}

/**
 * A document row read by hand, as a plain record (core/db/plain-record.ts): the document's properties as
 * the ORM would hydrate them, without an entity. A record read only to be shown: never change or flush it.
 */
export function documentRecord(em: EntityManager, row: Record<string, unknown>): Document {
  return plainRecord(em, Document, row);
}
