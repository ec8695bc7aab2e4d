import BigNumber from 'bignumber.js';
import { czechDate } from '../../../core/clock';
import type { CompanyProfile } from '../../company/company.module';
import { CZK, czkAmounts } from '../document-currency';
import type { Document } from '../document.entity';
import { vatSplit, type VatRateTotals } from '../document-totals';
import type { DocumentItem } from '../document.types';
import { reverseChargeOf, type ReverseCharge } from '../reverse-charge';
import { customerSnapshot } from '../customer-snapshot';
import { bankOf } from './czech-banks';
import { countryOf, type Country } from './countries';

/**
 * The e-invoice kinds: the document's type, a credit note split by its sign (a correction lowering the
 * amount is a credit note, one raising it a debit note), a register's simplified tax document apart.
 */
export type EInvoiceKind =
  'INVOICE' | 'CREDIT_NOTE' | 'DEBIT_NOTE' | 'PROFORMA' | 'ADVANCE_TAX_DOCUMENT' | 'SIMPLIFIED';

export interface EParty {
  name: string;
  /** IČO. */
  taxId: string | null;
  /** DIČ. */
  vatId: string | null;
  street: string;
  buildingNumber: string;
  city: string;
  zip: string;
  country: Country;
  email: string | null;
  phone: string | null;
}

/** Money of the document's currency and its CZK equivalent (the same strings in a CZK document). */
export interface Amount {
  amount: string;
  czk: string;
}

export interface ELine {
  /** 1, 2, …: the line's order on the document. */
  id: string;
  name: string;
  quantity: string;
  unit: string;
  /** Per unit without VAT and with VAT (up to 4 places; the CZK ones at the document's rate). */
  unitPrice: Amount;
  unitPriceWithVat: Amount;
  vatRate: string;
  /** How the line's VAT was computed: from the price without VAT (false) or carved out of the gross (true). */
  priceIncludesVat: boolean;
  base: Amount;
  vat: Amount;
  total: Amount;
}

export interface ETaxSubtotal {
  vatRate: string;
  base: Amount;
  vat: Amount;
  total: Amount;
}

export interface EPayment {
  iban: string;
  bic: string | null;
  /** The Czech account number without the bank code ("19-2000145399") and the bank code ("0800"). */
  accountNumber: string | null;
  bankCode: string | null;
  bankName: string | null;
  variableSymbol: string | null;
  dueDate: string;
}

/** The neutral e-invoice: what ISDOC and UBL render (einvoice-isdoc.ts, einvoice-ubl.ts). */
export interface EInvoice {
  kind: EInvoiceKind;
  number: string;
  /** The document's id (a UUID): stable for the document, so every export of it carries the same one. */
  uuid: string;
  issueDate: string;
  /** DUZP; null on a proforma (no tax document). */
  taxPointDate: string | null;
  dueDate: string;
  /** The document's currency; czk below holds its CZK amounts at `exchangeRate` (CZK per 1 unit). */
  currency: string;
  exchangeRate: string;
  foreign: boolean;
  /** The supplier is a VAT payer. */
  vatPayer: boolean;
  reverseCharge: ReverseCharge | null;
  /** A credit (debit) note's reason. */
  note: string | null;
  supplier: EParty;
  /** Null: a register's sale to no one named (a simplified tax document). */
  customer: EParty | null;
  lines: ELine[];
  taxSubtotals: ETaxSubtotal[];
  subtotal: Amount;
  vatTotal: Amount;
  total: Amount;
  /** Cash rounding (registers), beside the total; payable = total + rounding. */
  rounding: Amount;
  /** An advance tax document's total: it taxes a payment already received, so nothing is payable. */
  paidDeposits: Amount;
  payable: Amount;
  /** How it is paid: 'BANK' (transfer to the supplier's account), 'CASH' or 'CARD' (a register's sale). */
  paymentMeans: 'BANK' | 'CASH' | 'CARD';
  payment: EPayment | null;
  /** A credit (debit) note's corrected document; a final invoice's or advance tax document's proforma. */
  original: { number: string; issueDate: string | null; uuid: string | null } | null;
  /** An advance tax document's or final invoice's proforma number. */
  proformaNumber: string | null;
}

/** What the mapping needs besides the document: the company and, for a credit note, the corrected document. */
export interface EInvoiceSources {
  doc: Document;
  profile: CompanyProfile;
  organizationName: string;
  corrected: Pick<Document, 'id' | 'number' | 'issuedAt'> | null;
}

const money = (v: BigNumber) => v.toFixed(2, BigNumber.ROUND_HALF_UP);

/** "Dlouhá 12/3" → street "Dlouhá", building number "12/3"; a street without a number keeps it whole. */
export function splitStreet(street: string | null | undefined): { street: string; buildingNumber: string } {
  const text = (street ?? '').trim();
  const match = /^(.*\S)\s+(\d+[\w/-]*)$/u.exec(text);
  return match ? { street: match[1], buildingNumber: match[2] } : { street: text, buildingNumber: '' };
}

function party(
  fields: {
    name: string;
    taxId?: string | null;
    vatId?: string | null;
    street?: string | null;
    city?: string | null;
    zip?: string | null;
    country?: string | null;
  },
  contact: { email?: string | null; phone?: string | null } = {},
): EParty {
  return {
    name: fields.name,
    taxId: fields.taxId || null,
    vatId: fields.vatId || null,
    ...splitStreet(fields.street),
    city: fields.city ?? '',
    zip: fields.zip ?? '',
    country: countryOf(fields.country, fields.vatId),
    email: contact.email ?? null,
    phone: contact.phone ?? null,
  };
}

function kindOf(doc: Document): EInvoiceKind {
  if (doc.type === 'CREDIT_NOTE') return new BigNumber(doc.total).gt(0) ? 'DEBIT_NOTE' : 'CREDIT_NOTE';
  if (doc.type === 'INVOICE' && doc.posDocumentKind === 'SIMPLIFIED') return 'SIMPLIFIED';
  return doc.type as EInvoiceKind;
}

/**
 * A credit note is stated positive (its kind says it takes money off): ISDOC's dobropis and UBL's
 * CreditNote both carry the sign in the document type. Every other kind keeps the document's signs.
 */
function signOf(kind: EInvoiceKind): BigNumber {
  return new BigNumber(kind === 'CREDIT_NOTE' ? -1 : 1);
}

function paymentMeansOf(method: string | null): EInvoice['paymentMeans'] {
  const m = (method ?? '').toUpperCase();
  if (m.includes('CASH') || m.includes('HOTOV')) return 'CASH';
  if (m.includes('CARD') || m.includes('KART')) return 'CARD';
  return 'BANK';
}

function paymentOf(profile: CompanyProfile, doc: Document, dueDate: string): EPayment | null {
  if (!profile.iban) return null;
  const [accountNumber, bankCode] = profile.accountNumber ? profile.accountNumber.split('/') : [null, null];
  const bank = bankCode ? bankOf(bankCode) : null;
  return {
    iban: profile.iban,
    bic: bank?.bic ?? null,
    accountNumber: accountNumber ?? null,
    bankCode: bankCode ?? null,
    bankName: bank?.name ?? null,
    variableSymbol: doc.variableSymbol,
    dueDate,
  };
}

/** The document's CZK amounts per rate: as stored (at issue), else computed at its rate. */
function czkSplit(doc: Document, split: VatRateTotals[], rate: BigNumber): VatRateTotals[] {
  if (doc.currency === CZK) return split;
  const stored = doc.vatRatesCzk;
  if (stored && stored.length === split.length) return stored;
  return czkAmounts(doc.items, rate).vatRatesCzk;
}

/**
 * Maps a document to the neutral e-invoice: the stored amounts unchanged (credit notes negated whole),
 * the CZK amounts as the document keeps them (per rate and in total), a line's CZK amounts its own
 * converted at the document's rate.
 */
export function eInvoiceOf({ doc, profile, organizationName, corrected }: EInvoiceSources): EInvoice {
  const kind = kindOf(doc);
  const sign = signOf(kind);
  const foreign = doc.currency !== CZK;
  const rate = new BigNumber(foreign ? (doc.exchangeRate ?? 1) : 1);
  const signed = (v: string | BigNumber) => money(new BigNumber(v).times(sign));
  const both = (amount: string | BigNumber, czk: string | BigNumber): Amount => ({
    amount: signed(amount),
    czk: signed(czk),
  });
  const converted = (amount: string) => both(amount, foreign ? rate.times(amount) : amount);

  const split = vatSplit(doc.items);
  const splitCzk = czkSplit(doc, split, rate);
  const taxSubtotals = split.map((row, i) => ({
    vatRate: row.vatRate,
    base: both(row.subtotal, splitCzk[i].subtotal),
    vat: both(row.vatTotal, splitCzk[i].vatTotal),
    total: both(row.total, splitCzk[i].total),
  }));
  const czkTotal = (stored: string | null, pick: (r: VatRateTotals) => string) =>
    foreign ? (stored ?? BigNumber.sum(0, ...splitCzk.map(pick)).toFixed(2)) : null;
  const subtotal = both(doc.subtotal, czkTotal(doc.subtotalCzk, (r) => r.subtotal) ?? doc.subtotal);
  const vatTotal = both(doc.vatTotal, czkTotal(doc.vatTotalCzk, (r) => r.vatTotal) ?? doc.vatTotal);
  const total = both(doc.total, czkTotal(doc.totalCzk, (r) => r.total) ?? doc.total);
  const rounding = converted(doc.roundingAmount);
  const zero = { amount: '0.00', czk: '0.00' };
  const paidDeposits = kind === 'ADVANCE_TAX_DOCUMENT' ? total : zero;
  const payable = {
    amount: money(new BigNumber(total.amount).plus(rounding.amount).minus(paidDeposits.amount)),
    czk: money(new BigNumber(total.czk).plus(rounding.czk).minus(paidDeposits.czk)),
  };

  const dueDate = czechDate(doc.dueAt);
  const contact = doc.contact;
  const details = doc.customerDetails ?? (contact && customerSnapshot(contact)) ?? {};
  const customerName = doc.clientName ?? contact?.name ?? null;
  return {
    kind,
    number: doc.number,
    uuid: doc.id,
    issueDate: czechDate(doc.issuedAt),
    taxPointDate: doc.type === 'PROFORMA' ? null : czechDate(doc.taxableSupplyDate ?? doc.issuedAt),
    dueDate,
    currency: doc.currency,
    exchangeRate: rate.toFixed(),
    foreign,
    vatPayer: profile.vatPayer,
    reverseCharge: doc.reverseChargeRegime ? reverseChargeOf(doc) : null,
    note: doc.creditNoteReason,
    supplier: party({ ...profile, name: profile.legalName ?? organizationName }, profile),
    customer: customerName ? party({ ...details, name: customerName }, { email: contact?.email ?? null }) : null,
    lines: doc.items.map((item, i) => lineOf(item, i, sign, rate, converted)),
    taxSubtotals,
    subtotal,
    vatTotal,
    total,
    rounding,
    paidDeposits,
    payable,
    paymentMeans: paymentMeansOf(doc.paymentMethod),
    payment: paymentOf(profile, doc, dueDate),
    original: corrected
      ? { number: corrected.number, issueDate: czechDate(corrected.issuedAt), uuid: corrected.id }
      : doc.correctedDocumentNumber
        ? { number: doc.correctedDocumentNumber, issueDate: null, uuid: null }
        : null,
    proformaNumber: doc.proformaNumber,
  };
}

/**
 * One line; a credit note's negated by its quantity when that is negative, else by its price, so
 * quantity × price stays the line's base.
 */
function lineOf(
  item: DocumentItem,
  index: number,
  sign: BigNumber,
  rate: BigNumber,
  converted: (amount: string) => Amount,
): ELine {
  const quantity = new BigNumber(item.quantity);
  const flipQuantity = sign.isNegative() && quantity.isNegative();
  const priceSign = sign.isNegative() && !flipQuantity ? -1 : 1;
  const price = (v: BigNumber): Amount => ({
    amount: v.times(priceSign).toFixed(),
    czk: v.times(priceSign).times(rate).decimalPlaces(4, BigNumber.ROUND_HALF_UP).toFixed(),
  });
  const perUnit = (v: string) =>
    quantity.isZero() ? new BigNumber(item.unitPrice) : new BigNumber(v).div(quantity).decimalPlaces(4);
  const unitPrice = item.priceIncludesVat ? perUnit(item.base) : new BigNumber(item.unitPrice);
  const unitPriceWithVat = item.priceIncludesVat ? new BigNumber(item.unitPrice) : perUnit(item.total);
  return {
    id: String(index + 1),
    name: item.name,
    quantity: (flipQuantity ? quantity.negated() : quantity).toFixed(),
    unit: item.unit,
    unitPrice: price(unitPrice),
    unitPriceWithVat: price(unitPriceWithVat),
    vatRate: new BigNumber(item.vatRate).toFixed(),
    priceIncludesVat: item.priceIncludesVat,
    base: converted(item.base),
    vat: converted(item.vat),
    total: converted(item.total),
  };
}
