import BigNumber from 'bignumber.js';
import type { IsdocInvoice } from '../../costs/costs.module';
import type { Confident, ExtractedFields, VatRow } from './types';

const RATES = ['21', '12', '0'] as const;

/** An ISDOC's fields, read exactly (confidence 1). */
export function fieldsOfIsdoc(invoice: IsdocInvoice): ExtractedFields {
  const vat: VatRow[] = [];
  for (const row of invoice.rateTotals) {
    const rate = RATES.find((r) => new BigNumber(r).eq(row.vatRate));
    if (rate) vat.push({ rate, base: money(row.base), vat: money(row.vat), confidence: 1 });
  }
  const account = invoice.account;
  return {
    supplierIco: exact(invoice.supplier.taxId),
    supplierDic: exact(invoice.supplier.vatId),
    supplierName: exact(invoice.supplier.name || null),
    documentNumber: exact(invoice.number),
    variableSymbol: exact(invoice.variableSymbol),
    issueDate: exact(invoice.issueDate || null),
    taxableSupplyDate: exact(invoice.taxPointDate),
    dueDate: exact(invoice.dueDate),
    // What the supplier is paid before advances: the VAT-inclusive amount and its payable rounding, as the cost's lines add up.
    total: exact(new BigNumber(money(invoice.taxInclusiveAmount)).plus(money(invoice.payableRounding)).toFixed(2)),
    currency: exact(invoice.currency),
    vat,
    iban: exact(account?.iban?.replace(/\s+/g, '').toUpperCase() ?? null),
    accountNumber: exact(
      account?.accountNumber && account.bankCode ? `${account.accountNumber}/${account.bankCode}` : null,
    ),
  };
}

function exact(value: string | null): Confident<string> {
  return value === null ? null : { value, confidence: 1 };
}

function money(value: string): string {
  // bignumber.js throws on text that is not a number.
  const n = /^-?\d+(\.\d+)?$/.test(value.trim()) ? new BigNumber(value.trim()) : new BigNumber(0);
  return n.toFixed(2, BigNumber.ROUND_HALF_UP);
}
