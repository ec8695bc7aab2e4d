import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { allows, type Principal } from '../../core/access';
import { seesDepartment } from '../../core/departments';
import { isUuid } from '../../core/fields';
import { currencyRateSums, type CurrencyRateSums } from '../../core/rate-sums';
import {
  aging,
  dayCzkRates,
  dayRates,
  dayReverseChargeSales,
  dayTotals,
  periodSums,
  topContacts,
  topItems,
  type CountedDays,
  type DayPeriod,
  type PeriodSumsRow,
  type PeriodUnit,
} from './day-totals.queries';
import {
  controlStatementDocuments,
  likelyPaidBy,
  lockBySymbols,
  type IssuedDocuments,
  type LikelyRow,
  type PaymentClue,
  type PayableDocuments,
  type PayableRow,
} from './document-reads.queries';
import { Document } from './document.entity';
import { reverseChargeOf, type ReverseCharge, type ReverseChargeRegime } from './reverse-charge';

export type { IssuedDocuments, LikelyClue, PayableDocuments, PaymentClue } from './document-reads.queries';
export type { CountedDays, PeriodSumsRow, PeriodUnit } from './day-totals.queries';

/**
 * The statuses of the documents the per-day sums hold (Migration0042DocumentDayTotals counts them, of the
 * types INVOICE, CREDIT_NOTE and ADVANCE_TAX_DOCUMENT, never cancelled): the reports' statuses.
 */
export const COUNTED_STATUSES = ['ISSUED', 'SENT', 'PAID', 'ARCHIVED'] as const;

/** The per-day sums' filter of a report's documents; they hold the counted statuses only. */
function countedDays(f: IssuedDocuments): [CountedDays, DayPeriod] {
  const statuses = new Set(f.statuses);
  if (statuses.size !== COUNTED_STATUSES.length || COUNTED_STATUSES.some((s) => !statuses.has(s)))
    throw new Error(`The per-day sums hold the statuses ${COUNTED_STATUSES.join(', ')} only`);
  return [f, f.period === 'supplied' ? 'SUPPLIED' : 'ISSUED'];
}

/** Sums of lines at the standard (21 %) and reduced (12 %) rate, as numeric text. */
export interface Sums21And12 {
  base21: string;
  vat21: string;
  base12: string;
  vat12: string;
}

/** A document the control statement lists (CONTROL_STATEMENT_DOCUMENTS in document-reads.queries.ts). */
export interface ControlStatementDocument extends Sums21And12 {
  id: string;
  number: string;
  contactId: string | null;
  /** The customer's DIČ as printed on the document (the contact may have one now). */
  customerVatId: string | null;
  /** The control statement reports § 92a sales in A.1; the others listed have none. */
  reverseCharge: ReverseCharge | null;
  issuedAt: Date;
  /** The taxable supply date (DUZP): the issue date unless set. */
  suppliedAt: Date;
  total: string;
  /** The base at every rate. */
  base: string;
}

/** The documents of one currency in a period: count and sums, and those of them in CZK. */
export interface CurrencyTotalsRow {
  currency: string;
  count: number;
  base: string;
  vat: string;
  total: string;
  paid: string;
  czk: { count: number; base: string; vat: string; total: string };
}

/** What a payment may be matched to: a document's identity, type, status, currency and exchange rate. */
export interface PaymentTarget {
  id: string;
  number: string;
  type: string;
  status: string;
  currency: string;
  /** CZK per 1 unit of the currency; null for a foreign-currency document made before Migration0026. */
  exchangeRate: string | null;
}

/**
 * What other modules read of documents (reports, payments), as aggregates and small rows: the
 * documents module owns the table, so its SQL lives here and in document-reads.queries.ts.
 */
export class DocumentReads {
  /**
   * The lines of the documents per (currency, VAT rate), currencies in order, higher rates first.
   */
  async ratesOf(em: EntityManager, f: IssuedDocuments): Promise<CurrencyRateSums[]> {
    return (await dayRates(em, ...countedDays(f))).map(currencyRateSums);
  }

  /** As ratesOf, in CZK wherever the document has its CZK amounts: what the VAT report counts. */
  async czkRatesOf(em: EntityManager, f: IssuedDocuments): Promise<CurrencyRateSums[]> {
    return (await dayCzkRates(em, ...countedDays(f))).map(currencyRateSums);
  }

  /** The bases in CZK of the reverse-charge documents per regime (the VAT report's reverseChargeSales). */
  async reverseChargeSalesOf(
    em: EntityManager,
    f: IssuedDocuments,
  ): Promise<{ regime: ReverseChargeRegime; base: string }[]> {
    return (await dayReverseChargeSales(em, ...countedDays(f))).map((r) => ({
      regime: r.regime as ReverseChargeRegime,
      base: r.base,
    }));
  }

  /**
   * Count and sums of the documents per currency, currencies in order; `czk`: the count and CZK sums of
   * those with CZK amounts (a foreign-currency document made before Migration0026 has none).
   */
  async totalsOf(em: EntityManager, f: IssuedDocuments): Promise<CurrencyTotalsRow[]> {
    const rows = await dayTotals(em, ...countedDays(f));
    return rows.map((r) => ({
      currency: r.currency,
      count: Number(r.n),
      base: r.base,
      vat: r.vat,
      total: r.total,
      paid: r.paid,
      czk: { count: Number(r.n_czk), base: r.base_czk, vat: r.vat_czk, total: r.total_czk },
    }));
  }

  /**
   * Per period unit (its first day), in CZK: the counted documents issued (count, sums, paid, days to
   * payment) and the output VAT of those supplied in it; from the per-day sums.
   */
  periodSums(em: EntityManager, f: CountedDays, unit: PeriodUnit): Promise<PeriodSumsRow[]> {
    return periodSums(em, f, unit);
  }

  /** The contacts with the highest base in CZK of the counted documents issued in the period, with their names. */
  async topContacts(
    em: EntityManager,
    f: CountedDays,
    limit: number,
  ): Promise<{ contactId: string; name: string | null; revenue: string; count: number }[]> {
    return (await topContacts(em, f, limit)).map((r) => ({
      contactId: r.contact_id,
      name: r.name,
      revenue: r.revenue,
      count: Number(r.n),
    }));
  }

  /** The item names with the highest base in CZK on the counted documents issued in the period. */
  topItems(
    em: EntityManager,
    f: CountedDays,
    limit: number,
  ): Promise<{ name: string; revenue: string; quantity: string }[]> {
    return topItems(em, f, limit);
  }

  /** Unpaid invoices (ISSUED or SENT) per bucket of days past due as of `today` (a Czech day), amounts in CZK. */
  async receivablesAging(
    em: EntityManager,
    f: { organizationId: string; departmentIds: readonly string[] | null; today: string },
  ): Promise<Map<string, { count: number; amount: string }>> {
    const rows = await aging(em, f);
    return new Map(rows.map((r) => [r.bucket, { count: Number(r.n), amount: r.amount }]));
  }

  /**
   * The control statement's documents of one currency (CZK: with those converted to CZK) in issue order: every
   * § 92a sale, and those without reverse charge taxed at 21 or 12 % with a total over `limit` by its absolute
   * value; and `sums`, at 21 and 12 % of every document without reverse charge.
   */
  async controlStatementOf(
    em: EntityManager,
    f: IssuedDocuments,
    currency: string,
    limit: string,
  ): Promise<{ documents: ControlStatementDocument[]; sums: Sums21And12 }> {
    const rows = await controlStatementDocuments(em, f, currency, limit);
    const last = rows.pop()!;
    const sums = { base21: last.base21, vat21: last.vat21, base12: last.base12, vat12: last.vat12 };
    const documents = rows.map((r) => ({
      id: r.id!,
      number: r.number,
      contactId: r.contact_id,
      customerVatId: r.customer_vat_id,
      reverseCharge: reverseChargeOf({
        reverseChargeRegime: r.reverse_charge_regime,
        reverseChargeCode: r.reverse_charge_code,
      }),
      issuedAt: r.issued_at,
      suppliedAt: r.supplied_at,
      total: r.total,
      base: r.base,
      base21: r.base21,
      vat21: r.vat21,
      base12: r.base12,
      vat12: r.vat12,
    }));
    return { documents, sums };
  }

  /**
   * Whether the principal may read the document: documents:read, the principal's organization and,
   * when limited to billing departments, one of them (the rule of GET /documents/:id).
   */
  async canRead(
    em: EntityManager,
    principal: Pick<Principal, 'organization' | 'departmentIds' | 'permissions'>,
    documentId: string,
  ): Promise<boolean> {
    if (!allows(principal.permissions, 'documents', 'read') || !isUuid(documentId)) return false;
    const doc = await em.findOne(
      Document,
      { id: documentId, organization: principal.organization.id },
      { fields: ['id', 'departmentId'] },
    );
    return doc !== null && seesDepartment(principal, doc.departmentId);
  }

  /**
   * Locks the document row for the rest of the transaction, so concurrent matches to one document
   * apply one after the other. Null for a document of another organization or outside the
   * principal's departments.
   */
  async lockForPayment(
    em: EntityManager,
    principal: { organization: Pick<Principal['organization'], 'id'>; departmentIds: Principal['departmentIds'] },
    documentId: string,
  ): Promise<PaymentTarget | null> {
    const doc = isUuid(documentId)
      ? await em.findOne(
          Document,
          { id: documentId, organization: principal.organization.id },
          { lockMode: LockMode.PESSIMISTIC_WRITE },
        )
      : null;
    if (!doc || !seesDepartment(principal, doc.departmentId)) return null;
    const { id, number, type, status, currency, exchangeRate } = doc;
    return { id, number, type, status, currency, exchangeRate };
  }

  /**
   * Payable documents with one of these normalized variable symbols or one of these numbers (upper
   * case), locked FOR UPDATE in id order.
   */
  lockPayableBySymbols(
    em: EntityManager,
    f: PayableDocuments,
    symbols: string[],
    numbers: string[] = [],
  ): Promise<PayableRow[]> {
    return lockBySymbols(em, f, symbols, numbers);
  }

  /** For each payment, the payable document it most likely pays (see document-reads.queries.ts), or null; one query. */
  likelyPaidBy(
    em: EntityManager,
    f: PayableDocuments,
    payments: readonly PaymentClue[],
  ): Promise<(LikelyRow | null)[]> {
    return likelyPaidBy(em, f, payments);
  }
}
