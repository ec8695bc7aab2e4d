import BigNumber from 'bignumber.js';
import type { ImportedParts, PrintedAmounts } from '../cost-attachments';
import { IsdocDocumentTypeUnsupported, IsdocInvalid } from '../costs.errors';
import type { IsdocInvoice, IsdocLine } from './isdoc-invoice';

/** Tax documents a cost can be: invoice, debit note, advance tax document, simplified tax document. */
const IMPORTABLE_TYPES = ['1', '3', '5', '7'];
const SIMPLIFIED = '7';

/** The cost's input (without supplierId), per item the amounts the file prints, and its CZK per rate (foreign currency). */
export interface IsdocCost {
  input: Record<string, unknown>;
  printed: PrintedAmounts[];
  printedCzk?: ImportedParts['printedCzk'];
}

/**
 * The cost an ISDOC invoice is, as a person would type it. The lines keep the file's base and VAT;
 * where the file's VAT recapitulation (TaxSubTotal) differs from the sum of its lines (VAT rounded per
 * rate rather than per line), a line "Zaokrouhlení DPH" of that rate carries the difference, and the
 * payable rounding (PayableRoundingAmount) is a line "Zaokrouhlení" at 0 %: so the cost's totals and
 * VAT per rate are the file's to the heller.
 */
export function costOfIsdoc(invoice: IsdocInvoice): IsdocCost {
  if (!IMPORTABLE_TYPES.includes(invoice.documentType)) throw new IsdocDocumentTypeUnsupported(invoice.documentType);
  if (!isZero(invoice.alreadyClaimed))
    throw new IsdocInvalid(
      'Invoices that deduct advances already claimed (AlreadyClaimedTaxInclusiveAmount) are not imported; record this one by hand',
    );
  const inForeign = invoice.currency !== invoice.localCurrency;
  const lines = invoice.lines.filter((l) => !(isZero(l.base) && isZero(l.vat)));
  const items = lines.map((l) => itemOf(l, inForeign));
  if (invoice.reverseCharge) return reverseChargeCost(invoice, items);
  const printed = lines.map((l) => ({ base: money(l.base), vat: money(l.vat) }));
  for (const rate of invoice.rateTotals) {
    const ofRate = printed.filter((_, i) => new BigNumber(items[i].vatRate).eq(rate.vatRate));
    const base = new BigNumber(money(rate.base)).minus(BigNumber.sum(0, ...ofRate.map((p) => p.base)));
    const vat = new BigNumber(money(rate.vat)).minus(BigNumber.sum(0, ...ofRate.map((p) => p.vat)));
    if (base.isZero() && vat.isZero()) continue;
    items.push(adjustment(`Zaokrouhlení DPH ${new BigNumber(rate.vatRate).toFixed()} %`, base, rate.vatRate));
    printed.push({ base: base.toFixed(2), vat: vat.toFixed(2) });
  }
  if (!isZero(invoice.payableRounding)) {
    items.push(adjustment('Zaokrouhlení', new BigNumber(invoice.payableRounding), '0'));
    printed.push({ base: money(invoice.payableRounding), vat: '0.00' });
  }
  assertTotal(invoice, printed);
  return {
    input: inputOf(invoice, items),
    printed,
    printedCzk: inForeign && invoice.localCurrency === 'CZK' ? czkPerRate(invoice) : undefined,
  };
}

/**
 * Domestic reverse charge: the supplier charges no VAT, the company self-assesses it at the lines'
 * rates. So the lines' VAT is the cost's own (computed as for a cost typed with reverseCharge), the
 * file's VAT of 0 is not kept, and the supplier is paid the subtotal.
 */
function reverseChargeCost(invoice: IsdocInvoice, items: ReturnType<typeof itemOf>[]): IsdocCost {
  if (!isZero(invoice.payableRounding))
    items.push(adjustment('Zaokrouhlení', new BigNumber(invoice.payableRounding), '0'));
  return { input: { ...inputOf(invoice, items), reverseCharge: true }, printed: [] };
}

function inputOf(invoice: IsdocInvoice, items: ReturnType<typeof itemOf>[]): Record<string, unknown> {
  return {
    kind: invoice.documentType === SIMPLIFIED ? 'RECEIPT' : 'INVOICE',
    supplierDocumentNumber: invoice.number,
    variableSymbol: invoice.variableSymbol,
    paymentAccount: invoice.account,
    issuedAt: invoice.issueDate,
    taxableSupplyDate: invoice.taxPointDate ?? undefined,
    dueAt: invoice.dueDate ?? undefined,
    currency: invoice.currency,
    exchangeRate: exchangeRateOf(invoice),
    items,
    note: invoice.note?.slice(0, 5000) ?? null,
  };
}

/** The file's local (CZK) base and VAT per rate; the payable rounding joins the 0 % row, as its line does. */
function czkPerRate(invoice: IsdocInvoice): NonNullable<ImportedParts['printedCzk']> {
  const rows = invoice.rateTotals.map((r) => ({
    vatRate: r.vatRate,
    subtotal: money(r.localBase),
    vatTotal: money(r.localVat),
  }));
  if (isZero(invoice.localPayableRounding)) return rows;
  const zero = rows.find((r) => isZero(r.vatRate));
  if (!zero) return [...rows, { vatRate: '0', subtotal: money(invoice.localPayableRounding), vatTotal: '0.00' }];
  zero.subtotal = new BigNumber(zero.subtotal).plus(invoice.localPayableRounding).toFixed(2);
  return rows;
}

/**
 * As a person would type the line: quantity and unit price (with at most 4 decimals, as costs take
 * them; the printed base and VAT stay exact). A foreign-currency file has no unit price in that
 * currency: it is the line amount per unit.
 */
function itemOf(line: IsdocLine, inForeign: boolean) {
  const quantity = line.quantity === null || isZero(line.quantity) ? new BigNumber(1) : new BigNumber(line.quantity);
  const amount = new BigNumber(line.base).plus(line.priceIncludesVat ? line.vat : 0);
  const unitPrice =
    inForeign || line.quantity === null || isZero(line.quantity) ? amount.div(quantity) : line.unitPrice;
  return {
    name: line.name.slice(0, 500),
    quantity: quantity.decimalPlaces(4, BigNumber.ROUND_HALF_UP).toFixed(),
    unit: (line.unit ?? 'ks').slice(0, 20),
    unitPrice: new BigNumber(unitPrice).decimalPlaces(4, BigNumber.ROUND_HALF_UP).toFixed(),
    vatRate: new BigNumber(line.vatRate).toFixed(),
    priceIncludesVat: line.priceIncludesVat,
  };
}

function adjustment(name: string, base: BigNumber, vatRate: string) {
  return {
    name,
    quantity: '1',
    unit: 'ks',
    unitPrice: base.toFixed(2),
    vatRate: new BigNumber(vatRate).toFixed(),
    priceIncludesVat: false,
  };
}

/** The lines (with the adjustments) add up to the file's TaxInclusiveAmount plus its payable rounding. */
function assertTotal(invoice: IsdocInvoice, printed: PrintedAmounts[]): void {
  const sum = BigNumber.sum(0, ...printed.flatMap((p) => [p.base, p.vat]));
  const expected = new BigNumber(money(invoice.taxInclusiveAmount)).plus(money(invoice.payableRounding));
  if (!sum.eq(expected))
    throw new IsdocInvalid(
      `The ISDOC's amounts disagree: its VAT recapitulation (TaxSubTotal) adds up to ${sum.minus(money(invoice.payableRounding)).toFixed(2)}, its TaxInclusiveAmount is ${money(invoice.taxInclusiveAmount)}`,
    );
}

/**
 * CZK per 1 unit of a foreign currency: the file's CurrRate per RefCurrRate units (to 9 decimals).
 * Absent (or not against CZK): undefined, and the cost takes ČNB's fixing as one typed by hand would.
 */
function exchangeRateOf(invoice: IsdocInvoice): string | undefined {
  if (invoice.currency === 'CZK' || invoice.localCurrency !== 'CZK' || !invoice.currRate) return undefined;
  const rate = new BigNumber(invoice.currRate).div(invoice.refCurrRate ?? 1);
  return rate.isFinite() && rate.gt(0) ? rate.decimalPlaces(9, BigNumber.ROUND_HALF_UP).toFixed() : undefined;
}

function money(value: string): string {
  return new BigNumber(value).toFixed(2, BigNumber.ROUND_HALF_UP);
}

function isZero(value: string): boolean {
  return new BigNumber(value).isZero();
}
