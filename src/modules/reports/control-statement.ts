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

/**
 * One document or cost its module read as a candidate for A.4 or B.2, with its total and its sums at the
 * reported rates (numeric text).
 */
export interface Line extends RateAmounts {
  id: string;
  number: string;
  vatId: string | null;
  supplierDocumentNumber?: string | null;
  supplyDate: Date;
  total: string;
}

/**
 * The documents (or costs) of a section pair: `candidates`, among them every one to itemize (the modules' SQL
 * reads, of a month's thousands, only those taxed at 21 or 12 % with a total over LIMIT: issue 31 point 3), and
 * `sums`, the sums of all of them. The unitemized section (A.5, B.3) is the sums less the itemized rows, exactly.
 */
export interface Section {
  candidates: Line[];
  sums: RateAmounts;
}

const KEYS = ['base21', 'vat21', 'base12', 'vat12'] as const;

export function buildControlStatement(
  period: string,
  issued: Section,
  received: Section,
): Omit<ControlStatement, 'a1'> {
  const itemizedIssued = issued.candidates.filter(isItemized);
  const itemizedReceived = received.candidates.filter(isItemized);
  const a4 = itemizedIssued.map((line): IssuedRow => ({
    documentId: line.id,
    number: line.number,
    customerVatId: line.vatId!,
    taxableSupplyDate: czechDate(line.supplyDate),
    total: fixed(line.total),
    ...amounts(line),
  }));
  const b2 = itemizedReceived.map((line): ReceivedRow => ({
    costId: line.id,
    number: line.number,
    supplierVatId: line.vatId!,
    supplierDocumentNumber: line.supplierDocumentNumber ?? null,
    taxableSupplyDate: czechDate(line.supplyDate),
    total: fixed(line.total),
    ...amounts(line),
  }));
  return { period, a4, a5: rest(issued.sums, itemizedIssued), b2, b3: rest(received.sums, itemizedReceived) };
}

/** Reported one by one: a partner with a DIČ and a value over 10,000 CZK including VAT (a credit note by its absolute value). */
function isItemized(line: Line): boolean {
  return line.vatId !== null && new BigNumber(line.total).abs().gt(LIMIT) && isTaxed(line);
}

function isTaxed(line: Line): boolean {
  return KEYS.some((key) => !new BigNumber(line[key]).isZero());
}

const fixed = (amount: string) => new BigNumber(amount).toFixed(2);

function amounts(line: RateAmounts): RateAmounts {
  return { base21: fixed(line.base21), vat21: fixed(line.vat21), base12: fixed(line.base12), vat12: fixed(line.vat12) };
}

/** The sums of all less those of the itemized lines (as read, before rounding to 2 places). */
function rest(sums: RateAmounts, itemized: Line[]): RateAmounts {
  const less = (key: keyof RateAmounts) =>
    new BigNumber(sums[key]).minus(BigNumber.sum(0, ...itemized.map((line) => line[key]))).toFixed(2);
  return { base21: less('base21'), vat21: less('vat21'), base12: less('base12'), vat12: less('vat12') };
}
