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
  a1: DomesticReverseChargeRow[];
  a4: IssuedRow[];
  a5: RateAmounts;
  b2: ReceivedRow[];
  b3: RateAmounts;
}

/** One document or cost with its sums at the reported rates (numeric strings). */
export interface Line {
  id: string;
  number: string;
  vatId: string | null;
  supplierDocumentNumber?: string | null;
  supplyDate: Date;
  total: string;
  base21: string;
  vat21: string;
  base12: string;
  vat12: string;
}

/** A document or cost as its module reads it: its lines summed per VAT rate. */
interface WithRates {
  id: string;
  number: string;
  total: string;
  rates: { vatRate: number; base: string; vat: string }[];
}

/** The line of a document or cost: its sums at 21 % and 12 % (other rates have no column). */
export function lineOf(
  item: WithRates,
  details: { vatId: string | null; supplyDate: Date; supplierDocumentNumber?: string | null },
): Line {
  const at = (rate: string, key: 'base' | 'vat') =>
    item.rates
      .filter((r) => r.vatRate === Number(rate))
      .reduce((sum, r) => sum.plus(r[key]), new BigNumber(0))
      .toFixed();
  const [r21, r12] = RATES;
  return {
    id: item.id,
    number: item.number,
    ...details,
    total: item.total,
    base21: at(r21, 'base'),
    vat21: at(r21, 'vat'),
    base12: at(r12, 'base'),
    vat12: at(r12, 'vat'),
  };
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
        supplierVatId: line.vatId!,
        supplierDocumentNumber: line.supplierDocumentNumber ?? null,
        taxableSupplyDate: czechDate(line.supplyDate),
        total: money(line.total),
        ...amounts(line),
      });
    } else b3.add(line);
  }
  return { period, a4, a5: a5.amounts(), b2, b3: b3.amounts() };
}

/** Reported one by one: a partner with a DIČ and a value over 10,000 CZK including VAT (a credit note by its absolute value). */
function isItemized(line: Line): boolean {
  return line.vatId !== null && new BigNumber(line.total).abs().gt(LIMIT);
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
