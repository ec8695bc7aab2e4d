import { customerSnapshot } from '../customer-snapshot';
import BigNumber from 'bignumber.js';
import QRCode from 'qrcode';
import type { DocumentLanguage } from '../../../core/languages';
import type { CompanyProfile } from '../../company/company.module';
import type { Document } from '../document.entity';
import { vatSplit, type VatRateTotals } from '../document-totals';
import { PAYABLE_TYPES, TAX_DOCUMENT_TYPES, WITHOUT_PAYMENT_DETAILS, type AdvanceRef } from '../document.types';
import { remainingOf } from '../document.views';
import { reverseChargeOf, type ReverseCharge } from '../reverse-charge';
import { amount, date, plainNumber } from './formats';
import { LABELS, type Labels } from './labels';
import { spaydString } from './spayd';

export interface PrintedParty {
  name: string;
  address: string[];
  taxId: string | null;
  vatId: string | null;
}

export interface PrintedLine {
  name: string;
  quantity: string;
  unit: string;
  unitPrice: string;
  vatRate: string;
  base: string;
  vat: string;
  total: string;
}

/**
 * Everything a printed document shows, already formatted in its language: the one model both the
 * HTML page and the PDF are drawn from, so they cannot disagree.
 */
export interface PrintedDocument {
  language: DocumentLanguage;
  labels: Labels;
  title: string;
  accentColor: string;
  footerText: string | null;
  logo: { contentType: string; data: Buffer } | null;
  number: string;
  supplier: PrintedParty & {
    vatPayer: boolean;
    registryText: string | null;
    email: string | null;
    phone: string | null;
  };
  customer: PrintedParty;
  issueDate: string;
  /** Only on a tax document: a proforma, quote, order or delivery note is none. */
  taxableSupplyDate: string | null;
  dueDate: string;
  variableSymbol: string | null;
  currency: string;
  lines: PrintedLine[];
  /** A corrective tax document: the document it corrects and why; its recapitulation is the differences. */
  correction: { documentNumber: string; reason: string } | null;
  /** A reverse-charge document's legal sentence (with the § 92a code); null otherwise. */
  reverseCharge: string | null;
  /** "Nejedná se o daňový doklad" on a proforma; null otherwise. */
  notice: string | null;
  /** An advance tax document's or a final invoice's proforma; null otherwise. */
  proformaNumber: string | null;
  /** A final invoice: the advances it settles ("ZD20260001 (1 000,00 CZK)"); null otherwise. */
  settledAdvances: string | null;
  recapitulation: RecapitulationRow[];
  /** A foreign-currency document's recapitulation in CZK at its rate ("1 EUR = 24,28 CZK"); null in CZK. */
  czk: { exchangeRate: string; recapitulation: RecapitulationRow[] } | null;
  subtotal: string;
  vatTotal: string;
  total: string;
  /** The signed sum of the credit notes correcting the document; null when there are none. */
  credited: string | null;
  paid: string;
  remaining: string;
  payment: { accountNumber: string | null; iban: string | null };
  /** The SPAYD string of the QR payment, when there is an IBAN and something left to pay. */
  qr: { spayd: string } | null;
  /**
   * False for an ORDER and a DELIVERY_NOTE: they ask for no money, so no due date, variable symbol,
   * paid and remaining amounts, payment block or QR code.
   */
  paymentDetails: boolean;
  /** False: a DELIVERY_NOTE printed without prices (the lines' names and quantities only). */
  prices: boolean;
  /** A QUOTE: until when it can be accepted, and the customer's answer ("Přijata 3. 6. 2026"). */
  quote: { validUntil: string | null; answer: string | null } | null;
}

export interface RecapitulationRow {
  vatRate: string;
  base: string;
  vat: string;
  total: string;
}

/**
 * What a printed document shows of the document: its current state (printableOf) or one of its
 * kept versions (document-versions.ts), so both print through the same model.
 */
export interface PrintableDocument extends Pick<
  Document,
  | 'type'
  | 'number'
  | 'variableSymbol'
  | 'currency'
  | 'items'
  | 'subtotal'
  | 'vatTotal'
  | 'total'
  | 'paidAmount'
  | 'issuedAt'
  | 'dueAt'
  | 'taxableSupplyDate'
> {
  customer: PrintedParty;
  /** Absent in versions kept before rates were (Migration0026ExchangeRates). */
  exchangeRate?: string | null;
  vatRatesCzk?: VatRateTotals[] | null;
  /** Absent in versions kept before Migration0027CreditNotes. */
  creditedAmount?: string;
  correctedDocumentNumber?: string | null;
  creditNoteReason?: string | null;
  /** Present only on a reverse-charge document (versions of the others keep their content as it was). */
  reverseCharge?: ReverseCharge | null;
  /** Absent in versions kept before Migration0029Advances. */
  proformaNumber?: string | null;
  settledAdvances?: AdvanceRef[];
}

export interface PrintSources {
  doc: PrintableDocument;
  /** The document's language; null: the company's (profile.language). */
  language: DocumentLanguage | null;
  organizationName: string;
  profile: CompanyProfile;
  logo: { contentType: string; data: Buffer } | null;
  /** A QUOTE's validity and answer as they stand (versions keep only content). */
  quote?: QuoteFacts | null;
  /** False: print a DELIVERY_NOTE without prices. */
  prices?: boolean;
}

export interface QuoteFacts {
  validUntil: Date | null;
  status: string;
  answeredAt: Date | null;
}

function quoteLines(quote: QuoteFacts, labels: Labels, language: DocumentLanguage): PrintedDocument['quote'] {
  const answered = quote.answeredAt ? ` ${date(quote.answeredAt, language)}` : '';
  const answer =
    quote.status === 'ACCEPTED' || quote.status === 'DECLINED'
      ? `${labels.quoteAnswer[quote.status]}${answered}`
      : null;
  return { validUntil: quote.validUntil ? date(quote.validUntil, language) : null, answer };
}

function address(
  street: string | null | undefined,
  zip: string | null | undefined,
  city: string | null | undefined,
  country: string | null | undefined,
): string[] {
  return [street, [zip, city].filter(Boolean).join(' '), country].filter((l): l is string => Boolean(l));
}

/**
 * The customer as printed: what the document kept at issue (or a register sent), else a draft's
 * contact as it is now; `doc.contact` must be loaded.
 */
function customerOf(doc: Document): PrintedParty {
  const c = doc.contact;
  const d = doc.customerDetails ?? (c && customerSnapshot(c)) ?? {};
  return {
    name: doc.clientName ?? c?.name ?? '—',
    address: address(d.street, d.zip, d.city, d.country),
    taxId: d.taxId ?? null,
    vatId: d.vatId ?? null,
  };
}

const QR_OPTIONS = { errorCorrectionLevel: 'M' } as const;

/** The QR code as an image for the page (the PDF draws the modules themselves, see qrModules). */
export function qrPng(spayd: string): Promise<Buffer> {
  return QRCode.toBuffer(spayd, { ...QR_OPTIONS, type: 'png', margin: 4, scale: 5 });
}

/** The QR code's dark modules, row by row (size × size). */
export function qrModules(spayd: string): { size: number; dark: (row: number, col: number) => boolean } {
  const { modules } = QRCode.create(spayd, QR_OPTIONS);
  return { size: modules.size, dark: (row, col) => Boolean(modules.get(row, col)) };
}

/** The document as it stands, to print; `doc.contact` must be loaded. */
export function printableOf(doc: Document): PrintableDocument {
  return {
    type: doc.type,
    number: doc.number,
    variableSymbol: doc.variableSymbol,
    currency: doc.currency,
    items: doc.items,
    subtotal: doc.subtotal,
    vatTotal: doc.vatTotal,
    total: doc.total,
    paidAmount: doc.paidAmount,
    issuedAt: doc.issuedAt,
    dueAt: doc.dueAt,
    taxableSupplyDate: doc.taxableSupplyDate,
    customer: customerOf(doc),
    creditedAmount: doc.creditedAmount,
    correctedDocumentNumber: doc.correctedDocumentNumber,
    creditNoteReason: doc.creditNoteReason,
    proformaNumber: doc.proformaNumber,
    settledAdvances: doc.settledAdvances,
    // As computed (24.28), not as numeric(20, 9) reads (24.280000000): a version compares equal.
    exchangeRate: doc.exchangeRate === null ? null : new BigNumber(doc.exchangeRate).toFixed(),
    vatRatesCzk: doc.vatRatesCzk,
    ...(doc.reverseChargeRegime ? { reverseCharge: reverseChargeOf(doc) } : {}),
  };
}

function reverseChargeSentence(rc: ReverseCharge | null | undefined, labels: Labels): string | null {
  if (!rc) return null;
  const sentence = labels.reverseCharge[rc.regime];
  return rc.regime === 'DOMESTIC' ? `${sentence} (${labels.reverseChargeCode} ${rc.code})` : sentence;
}

function recapitulation(rows: VatRateTotals[], language: DocumentLanguage): RecapitulationRow[] {
  return rows.map((r) => ({
    vatRate: `${plainNumber(r.vatRate, language)} %`,
    base: amount(r.subtotal, language),
    vat: amount(r.vatTotal, language),
    total: amount(r.total, language),
  }));
}

/** The VAT in CZK a foreign-currency document must state, at its exchange rate. */
function czkRecapitulation(doc: PrintableDocument, language: DocumentLanguage): PrintedDocument['czk'] {
  if (doc.currency === 'CZK' || !doc.exchangeRate || !doc.vatRatesCzk) return null;
  return {
    exchangeRate: `1 ${doc.currency} = ${plainNumber(doc.exchangeRate, language)} CZK`,
    recapitulation: recapitulation(doc.vatRatesCzk, language),
  };
}

/** Builds the printed model. */
export function printedDocument({
  doc,
  organizationName,
  profile,
  logo,
  quote = null,
  prices = true,
  ...sources
}: PrintSources): PrintedDocument {
  const language = sources.language ?? profile.language;
  const labels = LABELS[language];
  const remaining = remainingOf(doc);
  const supplierName = profile.legalName ?? organizationName;
  const payable = PAYABLE_TYPES.includes(doc.type) && doc.type !== 'CREDIT_NOTE';
  const paymentDetails = !WITHOUT_PAYMENT_DETAILS.includes(doc.type);
  let qr: PrintedDocument['qr'] = null;
  if (profile.iban && payable && paymentDetails && new BigNumber(remaining).gt(0)) {
    const spayd = spaydString({
      iban: profile.iban,
      amount: remaining,
      currency: doc.currency,
      variableSymbol: doc.variableSymbol,
      message: `${labels.title[doc.type]} ${doc.number} ${supplierName}`,
    });
    qr = { spayd };
  }
  // A credit note's title is already a tax document's name (opravný daňový doklad).
  const taxDocument = profile.vatPayer && doc.type === 'INVOICE';
  return {
    language,
    labels,
    title: taxDocument ? `${labels.title[doc.type]} – ${labels.taxDocument}` : labels.title[doc.type],
    accentColor: profile.accentColor,
    footerText: profile.footerText,
    logo,
    number: doc.number,
    supplier: {
      name: supplierName,
      address: address(profile.street, profile.zip, profile.city, profile.country),
      taxId: profile.taxId,
      vatId: profile.vatId,
      vatPayer: profile.vatPayer,
      registryText: profile.registryText,
      email: profile.email,
      phone: profile.phone,
    },
    customer: doc.customer,
    issueDate: date(doc.issuedAt, language),
    taxableSupplyDate: TAX_DOCUMENT_TYPES.includes(doc.type)
      ? date(doc.taxableSupplyDate ?? doc.issuedAt, language)
      : null,
    dueDate: date(doc.dueAt, language),
    variableSymbol: doc.variableSymbol,
    currency: doc.currency,
    lines: doc.items.map((i) => ({
      name: i.name,
      quantity: plainNumber(i.quantity, language),
      unit: i.unit,
      unitPrice: amount(i.unitPrice, language),
      vatRate: `${plainNumber(i.vatRate, language)} %`,
      base: amount(i.base, language),
      vat: amount(i.vat, language),
      total: amount(i.total, language),
    })),
    correction: doc.correctedDocumentNumber
      ? { documentNumber: doc.correctedDocumentNumber, reason: doc.creditNoteReason ?? '' }
      : null,
    reverseCharge: reverseChargeSentence(doc.reverseCharge, labels),
    notice: doc.type === 'PROFORMA' ? labels.notTaxDocument : null,
    proformaNumber: doc.proformaNumber ?? null,
    settledAdvances: doc.settledAdvances?.length
      ? doc.settledAdvances.map((a) => `${a.number} (${amount(a.amount, language)} ${doc.currency})`).join(', ')
      : null,
    recapitulation: recapitulation(vatSplit(doc.items), language),
    czk: czkRecapitulation(doc, language),
    subtotal: amount(doc.subtotal, language),
    vatTotal: amount(doc.vatTotal, language),
    total: amount(doc.total, language),
    credited: new BigNumber(doc.creditedAmount ?? 0).isZero() ? null : amount(doc.creditedAmount!, language),
    paid: amount(doc.paidAmount, language),
    remaining: amount(remaining, language),
    payment: { accountNumber: profile.accountNumber, iban: profile.iban },
    qr,
    paymentDetails,
    prices: prices || doc.type !== 'DELIVERY_NOTE',
    quote: quote && doc.type === 'QUOTE' ? quoteLines(quote, labels, language) : null,
  };
}
