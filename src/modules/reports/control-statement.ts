import BigNumber from 'bignumber.js';
import { czechDate } from '../../core/clock';
import { orgId, type RequestContext } from '../../core/ctx';
import { FIRST_DAY, LAST_DAY } from '../../core/fields';
import { z } from '../../core/validation';

/**
 * The Czech VAT control statement (kontrolní hlášení) for one calendar month, in CZK:
 * - A.4: issued tax documents (INVOICE, CREDIT_NOTE as the VAT report counts them, by issue date)
 *   over 10,000 CZK including VAT to a customer with a DIČ, one row each;
 * - A.5: the other issued documents, summed (below the limit, or a customer without a DIČ);
 * - B.2: received costs deducted in the month (vatClaimDate) over 10,000 CZK including VAT from a
 *   supplier with a DIČ, one row each with the supplier's document number;
 * - B.3: the other received costs, summed.
 * "Over 10,000" is strict (10,000.00 is not over it; 10,000.01 is). Only amounts at 21 % and 12 % are
 * reported, as the form has no column for 0 %; a document with none is left out. Cancelled documents
 * and costs, reverse-charge costs (section B.1, not produced here) and other currencies are left out.
 */
export const LIMIT = new BigNumber('10000');
const RATES = ['21', '12'] as const;

export const controlStatementInput = z.object({
  period: z
    .string()
    .max(7)
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month YYYY-MM')
    .refine(
      (m) => `${m}-01` >= FIRST_DAY && `${m}-01` <= LAST_DAY,
      `must be between ${FIRST_DAY.slice(0, 7)} and ${LAST_DAY.slice(0, 7)}`,
    )
    .meta({ description: 'A calendar month YYYY-MM (Czech days)' }),
});

/** Base and VAT at the standard (21 %) and reduced (12 %) rate. */
export interface RateAmounts {
  base21: string;
  vat21: string;
  base12: string;
  vat12: string;
}
export interface IssuedRow extends RateAmounts {
  documentId: string;
  number: string;
  customerVatId: string;
  taxableSupplyDate: string;
  total: string;
}
export interface ReceivedRow extends RateAmounts {
  costId: string;
  number: string;
  supplierVatId: string;
  supplierDocumentNumber: string | null;
  taxableSupplyDate: string;
  total: string;
}
export interface ControlStatement {
  period: string;
  a4: IssuedRow[];
  a5: RateAmounts;
  b2: ReceivedRow[];
  b3: RateAmounts;
}

/** One document or cost with its sums per rate (numeric strings from SQL). */
interface Line {
  id: string;
  number: string;
  vat_id: string | null;
  supplier_document_number?: string | null;
  supply_date: Date;
  total: string;
  base21: string;
  vat21: string;
  base12: string;
  vat12: string;
}

const PER_RATE = RATES.map(
  (r) => `SUM(CASE WHEN (i->>'vatRate')::numeric = ${r} THEN (i->>'base')::numeric ELSE 0 END) AS base${r},
          SUM(CASE WHEN (i->>'vatRate')::numeric = ${r} THEN (i->>'vat')::numeric ELSE 0 END) AS vat${r}`,
).join(', ');

/** Issued documents of the month; `reported` is the VAT report's WHERE clause over `documents d`. */
export async function issuedLines(ctx: RequestContext, reported: { sql: string; params: unknown[] }): Promise<Line[]> {
  return ctx.em.execute<Line[]>(
    `SELECT d.id, d.number, COALESCE(NULLIF(k.vat_id, ''), NULLIF(d.customer_details->>'vatId', '')) AS vat_id,
            d.issued_at AS supply_date, d.total, ${PER_RATE}
       FROM documents d LEFT JOIN contacts k ON k.id = d.contact_id
            CROSS JOIN LATERAL jsonb_array_elements(d.items) AS i
      WHERE ${reported.sql} AND d.currency = 'CZK'
      GROUP BY d.id, k.vat_id
      ORDER BY d.issued_at, d.number`,
    reported.params,
  );
}

/** Received costs deducted in the month, without cancelled and reverse-charge ones. */
export async function receivedLines(ctx: RequestContext, range: { start: Date; end: Date }): Promise<Line[]> {
  return ctx.em.execute<Line[]>(
    `SELECT c.id, c.number, NULLIF(c.supplier->>'vatId', '') AS vat_id, c.supplier_document_number,
            c.taxable_supply_date AS supply_date, c.total, ${PER_RATE}
       FROM costs c CROSS JOIN LATERAL jsonb_array_elements(c.items) AS i
      WHERE c.organization_id = ? AND c.status <> 'CANCELLED' AND NOT c.reverse_charge AND c.currency = 'CZK'
        AND c.vat_claim_date >= ? AND c.vat_claim_date < ?
      GROUP BY c.id
      ORDER BY c.vat_claim_date, c.number`,
    [orgId(ctx), range.start, range.end],
  );
}

export function buildControlStatement(period: string, issued: Line[], received: Line[]): ControlStatement {
  const a4: IssuedRow[] = [];
  const b2: ReceivedRow[] = [];
  const a5 = new Sums();
  const b3 = new Sums();
  for (const line of issued.filter(isTaxed)) {
    if (isItemized(line))
      a4.push({
        documentId: line.id,
        number: line.number,
        customerVatId: line.vat_id!,
        taxableSupplyDate: czechDate(line.supply_date),
        total: money(line.total),
        ...amounts(line),
      });
    else a5.add(line);
  }
  for (const line of received.filter(isTaxed)) {
    if (isItemized(line)) {
      b2.push({
        costId: line.id,
        number: line.number,
        supplierVatId: line.vat_id!,
        supplierDocumentNumber: line.supplier_document_number ?? null,
        taxableSupplyDate: czechDate(line.supply_date),
        total: money(line.total),
        ...amounts(line),
      });
    } else b3.add(line);
  }
  return { period, a4, a5: a5.amounts(), b2, b3: b3.amounts() };
}

/** Reported one by one: a partner with a DIČ and a value over 10,000 CZK including VAT (a credit note by its absolute value). */
function isItemized(line: Line): boolean {
  return line.vat_id !== null && new BigNumber(line.total).abs().gt(LIMIT);
}

function isTaxed(line: Line): boolean {
  return [line.base21, line.vat21, line.base12, line.vat12].some((v) => !new BigNumber(v).isZero());
}

function amounts(line: Pick<Line, 'base21' | 'vat21' | 'base12' | 'vat12'>): RateAmounts {
  return { base21: money(line.base21), vat21: money(line.vat21), base12: money(line.base12), vat12: money(line.vat12) };
}

function money(value: string | BigNumber): string {
  return new BigNumber(value).toFixed(2);
}

class Sums {
  private readonly sums = {
    base21: new BigNumber(0),
    vat21: new BigNumber(0),
    base12: new BigNumber(0),
    vat12: new BigNumber(0),
  };

  add(line: Line): void {
    for (const key of Object.keys(this.sums) as (keyof RateAmounts)[]) this.sums[key] = this.sums[key].plus(line[key]);
  }

  amounts(): RateAmounts {
    return amounts({
      base21: this.sums.base21.toFixed(2),
      vat21: this.sums.vat21.toFixed(2),
      base12: this.sums.base12.toFixed(2),
      vat12: this.sums.vat12.toFixed(2),
    });
  }
}
