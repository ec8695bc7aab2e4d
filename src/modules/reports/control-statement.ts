import BigNumber from 'bignumber.js';
import { czechDate } from '../../core/clock';
import { FIRST_DAY, LAST_DAY } from '../../core/fields';
import { z } from '../../core/validation';
import type { DomesticReverseChargeRow } from './reverse-charge-sales';

/**
 * The Czech VAT control statement (kontrolní hlášení) for one calendar month, in CZK:
 * - A.1: § 92a reverse-charge sales, one row each with the supply's code (reverse-charge-sales.ts);
 *   EU reverse-charge supplies belong to the recapitulative statement and appear nowhere here;
 * - A.4: issued tax documents (INVOICE, CREDIT_NOTE as the VAT report counts them, by DUZP)
 *   over 10,000 CZK including VAT to a customer with a DIČ, one row each;
 * - A.5: the other issued documents, summed (below the limit, or a customer without a DIČ);
 * - B.2: received costs deducted in the month (vatClaimDate) over 10,000 CZK including VAT from a
 *   supplier with a DIČ, one row each with the supplier's document number;
 * - B.3: the other received costs, summed.
 * "Over 10,000" is strict (10,000.00 is not over it; 10,000.01 is). Only amounts at 21 % and 12 % are
 * reported, as the form has no column for 0 %; a document with none is left out. Cancelled documents
 * and costs, reverse-charge costs (section B.1, not produced here) and foreign-currency ones without CZK
 * amounts (made before rates were kept) are left out; the others count in CZK at their exchange rate.
 */
export const LIMIT = new BigNumber('10000');

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
  a1: DomesticReverseChargeRow[];
  a4: IssuedRow[];
  a5: RateAmounts;
  b2: ReceivedRow[];
  b3: RateAmounts;
}

/** One document or cost with its total and its sums at the reported rates. */
export interface Line extends Amounts {
  id: string;
  number: string;
  vatId: string | null;
  supplierDocumentNumber?: string | null;
  supplyDate: Date;
  total: BigNumber;
}
type Amounts = Record<keyof RateAmounts, BigNumber>;

/** A document or cost as its module reads it: its lines summed per VAT rate. */
interface WithRates {
  id: string;
  number: string;
  total: string;
  rates: { vatRate: number; base: string; vat: string }[];
}

/** The columns of the reported rates (other rates have none). */
const COLUMNS = new Map<number, [keyof RateAmounts, keyof RateAmounts]>([
  [21, ['base21', 'vat21']],
  [12, ['base12', 'vat12']],
]);
const ZERO = new BigNumber(0);

/**
 * The line of a document or cost: its sums at 21 % and 12 %. Each amount is parsed once here and kept as a
 * BigNumber: a month of a company with a million documents is some 14,000 of them, and parsing each amount
 * again in every rule below made the control statement's own work outgrow its statements (issue 31 point 3).
 */
export function lineOf(
  item: WithRates,
  details: { vatId: string | null; supplyDate: Date; supplierDocumentNumber?: string | null },
): Line {
  const sums: Amounts = { base21: ZERO, vat21: ZERO, base12: ZERO, vat12: ZERO };
  for (const rate of item.rates) {
    const columns = COLUMNS.get(rate.vatRate);
    if (!columns) continue;
    const [base, vat] = columns;
    sums[base] = sums[base].plus(rate.base);
    sums[vat] = sums[vat].plus(rate.vat);
  }
  return { id: item.id, number: item.number, ...details, total: new BigNumber(item.total), ...sums };
}

export function buildControlStatement(period: string, issued: Line[], received: Line[]): Omit<ControlStatement, 'a1'> {
  const a4: IssuedRow[] = [];
  const b2: ReceivedRow[] = [];
  const a5 = new Sums();
  const b3 = new Sums();
  for (const line of issued.filter(isTaxed)) {
    if (isItemized(line))
      a4.push({
        documentId: line.id,
        number: line.number,
        customerVatId: line.vatId!,
        taxableSupplyDate: czechDate(line.supplyDate),
        total: line.total.toFixed(2),
        ...amounts(line),
      });
    else a5.add(line);
  }
  for (const line of received.filter(isTaxed)) {
    if (isItemized(line)) {
      b2.push({
        costId: line.id,
        number: line.number,
        supplierVatId: line.vatId!,
        supplierDocumentNumber: line.supplierDocumentNumber ?? null,
        taxableSupplyDate: czechDate(line.supplyDate),
        total: line.total.toFixed(2),
        ...amounts(line),
      });
    } else b3.add(line);
  }
  return { period, a4, a5: a5.amounts(), b2, b3: b3.amounts() };
}

/** Reported one by one: a partner with a DIČ and a value over 10,000 CZK including VAT (a credit note by its absolute value). */
function isItemized(line: Line): boolean {
  return line.vatId !== null && line.total.abs().gt(LIMIT);
}

function isTaxed(line: Line): boolean {
  return [line.base21, line.vat21, line.base12, line.vat12].some((v) => !v.isZero());
}

function amounts(line: Amounts): RateAmounts {
  return {
    base21: line.base21.toFixed(2),
    vat21: line.vat21.toFixed(2),
    base12: line.base12.toFixed(2),
    vat12: line.vat12.toFixed(2),
  };
}

class Sums {
  private readonly sums: Amounts = { base21: ZERO, vat21: ZERO, base12: ZERO, vat12: ZERO };

  add(line: Line): void {
    for (const key of Object.keys(this.sums) as (keyof RateAmounts)[]) this.sums[key] = this.sums[key].plus(line[key]);
  }

  amounts(): RateAmounts {
    return amounts(this.sums);
  }
}
