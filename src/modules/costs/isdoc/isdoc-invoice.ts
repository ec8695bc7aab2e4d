import BigNumber from 'bignumber.js';
import { XMLParser } from 'fast-xml-parser';
import type { SupplierSnapshot } from '../cost.types';

/** A parsed XML element: its children by local name, attributes as `@_name`, text as `#text`. */
type Node = Record<string, unknown>;

/** Elements that may repeat where this import reads them (always arrays, even when single). */
const REPEATED = new Set(['InvoiceLine', 'TaxSubTotal', 'PartyTaxScheme', 'Payment']);

/**
 * Numbers stay the strings the file has (parseTagValue off): an amount never passes through a float.
 * The XML has been validated (no DOCTYPE) before, so only XML's own entities and character references
 * are left to decode; the parser's entity limits stay on regardless.
 */
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  htmlEntities: true,
  isArray: (name) => REPEATED.has(name),
});

/**
 * The supplier as the file names it: PartyName, IČO (PartyIdentification/ID), DIČ (PartyTaxScheme
 * CompanyID of TaxScheme VAT), street with building number, city, postal zone, ISO country code.
 */
export type IsdocParty = SupplierSnapshot;

/** A line in the invoice's currency (the foreign one when the file has ForeignCurrencyCode). */
export interface IsdocLine {
  name: string;
  quantity: string | null;
  unit: string | null;
  unitPrice: string;
  vatRate: string;
  priceIncludesVat: boolean;
  base: string;
  vat: string;
}

/** One TaxSubTotal in the invoice's currency, and its base and VAT in the local currency (CZK). */
export interface IsdocRateTotal {
  vatRate: string;
  base: string;
  vat: string;
  total: string;
  localBase: string;
  localVat: string;
}

export interface IsdocInvoice {
  version: string;
  documentType: string;
  number: string;
  issueDate: string;
  taxPointDate: string | null;
  dueDate: string | null;
  /** ForeignCurrencyCode when given, else LocalCurrencyCode. */
  currency: string;
  localCurrency: string;
  /** Local currency per 1 unit of `currency` (CurrRate / RefCurrRate as given), for a foreign-currency invoice. */
  currRate: string | null;
  refCurrRate: string | null;
  supplier: IsdocParty;
  lines: IsdocLine[];
  rateTotals: IsdocRateTotal[];
  /** LegalMonetaryTotal in `currency`. */
  taxInclusiveAmount: string;
  payableRounding: string;
  localPayableRounding: string;
  alreadyClaimed: string;
  payableAmount: string;
  /** Domestic reverse charge (§ 92a): a line with LocalReverseCharge or a TaxSubTotal with LocalReverseChargeFlag. */
  reverseCharge: boolean;
  variableSymbol: string | null;
  account: { accountNumber: string | null; bankCode: string | null; iban: string | null; bic: string | null } | null;
  note: string | null;
}

/** The fields of a schema-valid ISDOC invoice (6.0.1 or 6.0.2) that a received cost takes. */
export function parseIsdoc(xml: string): IsdocInvoice {
  const invoice = node(node(parser.parse(xml) as unknown).Invoice);
  const localCurrency = text(invoice.LocalCurrencyCode) ?? 'CZK';
  const foreign = text(invoice.ForeignCurrencyCode);
  const inForeign = foreign !== null && foreign !== localCurrency;
  // In a foreign-currency invoice the plain amounts are the local (CZK) ones and `…Curr` the invoice's own.
  const amount = (parent: unknown, name: string): string =>
    text(node(parent)[inForeign ? `${name}Curr` : name]) ?? text(node(parent)[name]) ?? '0';
  const local = (parent: unknown, name: string): string => text(node(parent)[name]) ?? '0';
  const totals = node(invoice.LegalMonetaryTotal);
  const payment = list(node(invoice.PaymentMeans).Payment).map(node)[0];
  const lines = list(node(invoice.InvoiceLines).InvoiceLine).map(node);
  const subTotals = list(node(invoice.TaxTotal).TaxSubTotal).map(node);
  const details = node(payment?.Details);
  return {
    version: text(invoice['@_version']) ?? '',
    documentType: text(invoice.DocumentType) ?? '1',
    number: text(invoice.ID) ?? '',
    issueDate: text(invoice.IssueDate) ?? '',
    taxPointDate: text(invoice.TaxPointDate),
    dueDate: text(details.PaymentDueDate),
    currency: inForeign ? foreign : localCurrency,
    localCurrency,
    currRate: inForeign ? text(invoice.CurrRate) : null,
    refCurrRate: inForeign ? text(invoice.RefCurrRate) : null,
    supplier: partyOf(node(node(invoice.AccountingSupplierParty).Party)),
    lines: lines.map((l) => lineOf(l, amount)),
    rateTotals: subTotals.map((t) => ({
      vatRate: text(node(node(t).TaxCategory).Percent) ?? '0',
      base: amount(t, 'TaxableAmount'),
      vat: amount(t, 'TaxAmount'),
      total: amount(t, 'TaxInclusiveAmount'),
      localBase: local(t, 'TaxableAmount'),
      localVat: local(t, 'TaxAmount'),
    })),
    taxInclusiveAmount: amount(totals, 'TaxInclusiveAmount'),
    payableRounding: amount(totals, 'PayableRoundingAmount'),
    localPayableRounding: local(totals, 'PayableRoundingAmount'),
    alreadyClaimed: amount(totals, 'AlreadyClaimedTaxInclusiveAmount'),
    payableAmount: amount(totals, 'PayableAmount'),
    reverseCharge:
      lines.some((l) => node(l.ClassifiedTaxCategory).LocalReverseCharge !== undefined) ||
      subTotals.some((t) => text(node(t.TaxCategory).LocalReverseChargeFlag) === 'true'),
    variableSymbol: text(details.VariableSymbol),
    account: details.PaymentDueDate === undefined ? null : accountOf(details),
    note: text(invoice.Note),
  };
}

function lineOf(line: Node, amount: (parent: unknown, name: string) => string): IsdocLine {
  const tax = node(line.ClassifiedTaxCategory);
  const priceIncludesVat = text(tax.VATCalculationMethod) === '1';
  const base = amount(line, 'LineExtensionAmount');
  const total = amount(line, 'LineExtensionAmountTaxInclusive');
  const quantity = node(line.InvoicedQuantity);
  return {
    name: text(node(line.Item).Description) ?? text(line.Note) ?? `#${text(line.ID) ?? ''}`,
    quantity: text(quantity),
    unit: text(quantity['@_unitCode']),
    unitPrice: (priceIncludesVat ? text(line.UnitPriceTaxInclusive) : text(line.UnitPrice)) ?? '0',
    vatRate: text(tax.Percent) ?? '0',
    priceIncludesVat,
    base,
    // No `…Curr` of the line's tax exists: in a foreign currency it is the difference of the two amounts.
    vat: new BigNumber(total).minus(base).toFixed(),
  };
}

function partyOf(party: Node): IsdocParty {
  const address = node(party.PostalAddress);
  const vat = list(party.PartyTaxScheme)
    .map(node)
    .find((s) => (text(s.TaxScheme) ?? 'VAT').toUpperCase() === 'VAT');
  const street = [text(address.StreetName), text(address.BuildingNumber)].filter(Boolean).join(' ');
  return {
    name: text(node(party.PartyName).Name) ?? '',
    taxId: text(node(party.PartyIdentification).ID),
    vatId: vat ? text(vat.CompanyID) : null,
    street: street === '' ? null : street,
    city: text(address.CityName),
    zip: text(address.PostalZone),
    country: text(node(address.Country).IdentificationCode),
  };
}

function accountOf(details: Node): IsdocInvoice['account'] {
  const account = {
    accountNumber: text(details.ID),
    bankCode: text(details.BankCode),
    iban: text(details.IBAN),
    bic: text(details.BIC),
  };
  return Object.values(account).some((v) => v !== null) ? account : null;
}

function node(value: unknown): Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Node) : {};
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : value === undefined ? [] : [value];
}

/** An element's trimmed text (or an attribute's), null when absent or empty. */
function text(value: unknown): string | null {
  const raw =
    typeof value === 'string' ? value : typeof value === 'object' && value !== null ? (value as Node)['#text'] : null;
  const trimmed = typeof raw === 'string' ? raw.trim() : '';
  return trimmed === '' ? null : trimmed;
}
