import BigNumber from 'bignumber.js';
import type { EInvoice, EInvoiceKind, ELine, EParty } from './einvoice-model';
import { XmlWriter } from './xml-writer';

export const EN16931 = 'urn:cen.eu:en16931:2017';
const INVOICE_NS = 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2';
const CREDIT_NOTE_NS = 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2';
const CAC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';
const CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';

/** UNTDID 1001: 380 commercial invoice, 381 credit note, 384 corrected invoice, 386 prepayment invoice. */
const TYPE_CODES: Record<EInvoiceKind, string> = {
  INVOICE: '380',
  SIMPLIFIED: '380',
  CREDIT_NOTE: '381',
  DEBIT_NOTE: '384',
  PROFORMA: '386',
  ADVANCE_TAX_DOCUMENT: '386',
};

/** UN/ECE Recommendation 20 codes of the units Czech documents use most; any other unit is one piece (C62). */
const UNIT_CODES: Record<string, string> = {
  ks: 'H87',
  kus: 'H87',
  pcs: 'H87',
  h: 'HUR',
  hod: 'HUR',
  hodina: 'HUR',
  kg: 'KGM',
  g: 'GRM',
  t: 'TNE',
  m: 'MTR',
  km: 'KMT',
  m2: 'MTK',
  'm²': 'MTK',
  m3: 'MTQ',
  'm³': 'MTQ',
  l: 'LTR',
  den: 'DAY',
  dny: 'DAY',
  dní: 'DAY',
  měs: 'MON',
  měsíc: 'MON',
  rok: 'ANN',
  kWh: 'KWH',
  bal: 'XPK',
};

export function unitCode(unit: string): string {
  return UNIT_CODES[unit.trim()] ?? UNIT_CODES[unit.trim().toLowerCase()] ?? 'C62';
}

/** EN 16931 VAT categories (UNCL 5305) and the exemption reasons their rules (BR-AE-10, BR-IC-10, BR-E-10) ask for. */
type Category = 'S' | 'Z' | 'AE' | 'K' | 'E' | 'O';
const EXEMPTION: Partial<Record<Category, { code: string; text: string }>> = {
  AE: { code: 'VATEX-EU-AE', text: 'Reverse charge' },
  K: { code: 'VATEX-EU-IC', text: 'Intra-Community supply' },
  E: { code: 'VATEX-EU-132', text: 'Exempt from VAT' },
  O: { code: 'VATEX-EU-O', text: 'Not subject to VAT' },
};

/**
 * The VAT category of the whole document's lines at `vatRate`: reverse charge AE (domestic § 92a and
 * services to another member state) or K (goods to another member state), a supplier who is no VAT
 * payer O (E when it has a VAT id, an identified person), else S, or Z at rate 0. AE, K, E and O are
 * at 0 % (BR-AE-05 and its kin): the rate the document keeps is the customer's to apply.
 */
function categoryOf(e: EInvoice, vatRate: string): { id: Category; percent: string } {
  const regime = e.reverseCharge?.regime;
  if (regime === 'EU_GOODS') return { id: 'K', percent: '0' };
  if (regime) return { id: 'AE', percent: '0' };
  if (!e.vatPayer) return { id: e.supplier.vatId ? 'E' : 'O', percent: '0' };
  return new BigNumber(vatRate).isZero() ? { id: 'Z', percent: '0' } : { id: 'S', percent: vatRate };
}

/**
 * UBL 2.1 following the EN 16931 core: an Invoice, or a CreditNote for a credit note (its amounts
 * positive). Amounts in the document's currency; a foreign one states the VAT in CZK as well
 * (TaxCurrencyCode and a second TaxTotal, BR-53). Tax subtotals per category and rate (BR-CO-18), line
 * net amounts summing to the total without VAT (BR-CO-10), and a negative line as a negative quantity
 * at a positive price (BR-27).
 */
export function renderUbl(e: EInvoice): string {
  const credit = e.kind === 'CREDIT_NOTE';
  const root = credit ? 'CreditNote' : 'Invoice';
  const x = new XmlWriter();
  const cbc = (name: string, value: string | number | null | undefined, attrs?: Record<string, string>) =>
    x.leaf(`cbc:${name}`, value, attrs);
  const cac = (name: string, body: () => void) => x.element(`cac:${name}`, undefined, body);
  const money = (name: string, value: string, currency = e.currency) => cbc(name, value, { currencyID: currency });

  x.element(root, { xmlns: credit ? CREDIT_NOTE_NS : INVOICE_NS, 'xmlns:cac': CAC, 'xmlns:cbc': CBC }, () => {
    cbc('CustomizationID', EN16931);
    cbc('ID', e.number);
    cbc('UUID', e.uuid);
    cbc('IssueDate', e.issueDate);
    if (!credit) cbc('DueDate', e.dueDate);
    if (credit) cbc('TaxPointDate', e.taxPointDate);
    cbc(credit ? 'CreditNoteTypeCode' : 'InvoiceTypeCode', TYPE_CODES[e.kind]);
    cbc('Note', e.note || null);
    if (!credit) cbc('TaxPointDate', e.taxPointDate);
    cbc('DocumentCurrencyCode', e.currency);
    if (e.foreign) cbc('TaxCurrencyCode', 'CZK');
    cbc('BuyerReference', e.payment?.variableSymbol ?? e.number);
    const original = e.original;
    if (original)
      cac('BillingReference', () =>
        cac('InvoiceDocumentReference', () => {
          cbc('ID', original.number);
          cbc('IssueDate', original.issueDate);
        }),
      );
    cac('AccountingSupplierParty', () => party(x, e.supplier));
    cac('AccountingCustomerParty', () => party(x, e.customer ?? ANONYMOUS));
    paymentMeans(x, e, credit);
    taxTotals(x, e, money);
    cac('LegalMonetaryTotal', () => {
      money('LineExtensionAmount', e.subtotal.amount);
      money('TaxExclusiveAmount', e.subtotal.amount);
      money('TaxInclusiveAmount', e.total.amount);
      if (!new BigNumber(e.paidDeposits.amount).isZero()) money('PrepaidAmount', e.paidDeposits.amount);
      if (!new BigNumber(e.rounding.amount).isZero()) money('PayableRoundingAmount', e.rounding.amount);
      money('PayableAmount', e.payable.amount);
    });
    for (const line of e.lines) invoiceLine(x, e, line, credit, money);
  });
  return x.toString();
}

const ANONYMOUS: EParty = {
  name: 'Koncový zákazník',
  taxId: null,
  vatId: null,
  street: '',
  buildingNumber: '',
  city: '',
  zip: '',
  country: { code: 'CZ', name: 'Česká republika' },
  email: null,
  phone: null,
};

function party(x: XmlWriter, p: EParty): void {
  const cbc = (name: string, value: string | null) => x.leaf(`cbc:${name}`, value || null);
  x.element('cac:Party', undefined, () => {
    if (p.taxId) x.element('cac:PartyIdentification', undefined, () => cbc('ID', p.taxId));
    x.element('cac:PartyName', undefined, () => cbc('Name', p.name));
    x.element('cac:PostalAddress', undefined, () => {
      cbc('StreetName', p.street);
      cbc('BuildingNumber', p.buildingNumber);
      cbc('CityName', p.city);
      cbc('PostalZone', p.zip);
      x.element('cac:Country', undefined, () => cbc('IdentificationCode', p.country.code));
    });
    if (p.vatId)
      x.element('cac:PartyTaxScheme', undefined, () => {
        cbc('CompanyID', p.vatId);
        x.element('cac:TaxScheme', undefined, () => cbc('ID', 'VAT'));
      });
    x.element('cac:PartyLegalEntity', undefined, () => {
      cbc('RegistrationName', p.name);
      cbc('CompanyID', p.taxId);
    });
    if (p.email || p.phone)
      x.element('cac:Contact', undefined, () => {
        cbc('Telephone', p.phone);
        cbc('ElectronicMail', p.email);
      });
  });
}

/** UNCL 4461: 58 SEPA credit transfer (EUR), 30 credit transfer (any other currency), 10 cash, 48 card. */
function paymentMeans(x: XmlWriter, e: EInvoice, credit: boolean): void {
  const p = e.payment;
  const bank = e.paymentMeans === 'BANK';
  if (bank && !p) return;
  const code = bank ? (e.currency === 'EUR' ? '58' : '30') : e.paymentMeans === 'CASH' ? '10' : '48';
  x.element('cac:PaymentMeans', undefined, () => {
    x.leaf('cbc:PaymentMeansCode', code);
    if (credit) x.leaf('cbc:PaymentDueDate', e.dueDate);
    if (!p || !bank) return;
    x.leaf('cbc:PaymentID', p.variableSymbol);
    x.element('cac:PayeeFinancialAccount', undefined, () => {
      x.leaf('cbc:ID', p.iban);
      x.leaf('cbc:Name', p.accountNumber && p.bankCode ? `${p.accountNumber}/${p.bankCode}` : null);
      if (p.bic) x.element('cac:FinancialInstitutionBranch', undefined, () => x.leaf('cbc:ID', p.bic));
    });
  });
}

type Money = (name: string, value: string, currency?: string) => void;

/** The VAT per category and rate in the document's currency, and its total in CZK when that differs. */
function taxTotals(x: XmlWriter, e: EInvoice, money: Money): void {
  const groups = new Map<string, { id: Category; percent: string; base: BigNumber; vat: BigNumber }>();
  for (const t of e.taxSubtotals) {
    const category = categoryOf(e, t.vatRate);
    const key = `${category.id} ${category.percent}`;
    const group = groups.get(key) ?? { ...category, base: new BigNumber(0), vat: new BigNumber(0) };
    group.base = group.base.plus(t.base.amount);
    group.vat = group.vat.plus(t.vat.amount);
    groups.set(key, group);
  }
  x.element('cac:TaxTotal', undefined, () => {
    money('TaxAmount', e.vatTotal.amount);
    for (const g of groups.values())
      x.element('cac:TaxSubtotal', undefined, () => {
        money('TaxableAmount', g.base.toFixed(2));
        money('TaxAmount', g.vat.toFixed(2));
        taxCategory(x, 'TaxCategory', g);
      });
  });
  if (e.foreign) x.element('cac:TaxTotal', undefined, () => money('TaxAmount', e.vatTotal.czk, 'CZK'));
}

function taxCategory(x: XmlWriter, element: string, category: { id: Category; percent: string }): void {
  x.element(`cac:${element}`, undefined, () => {
    x.leaf('cbc:ID', category.id);
    x.leaf('cbc:Percent', category.percent);
    const exemption = EXEMPTION[category.id];
    if (exemption && element === 'TaxCategory') {
      x.leaf('cbc:TaxExemptionReasonCode', exemption.code);
      x.leaf('cbc:TaxExemptionReason', exemption.text);
    }
    x.element('cac:TaxScheme', undefined, () => x.leaf('cbc:ID', 'VAT'));
  });
}

function invoiceLine(x: XmlWriter, e: EInvoice, line: ELine, credit: boolean, money: Money): void {
  // BR-27: the price is never negative; a negative line is a negative quantity.
  const price = new BigNumber(line.unitPrice.amount);
  const quantity = new BigNumber(line.quantity).times(price.isNegative() ? -1 : 1);
  x.element(credit ? 'cac:CreditNoteLine' : 'cac:InvoiceLine', undefined, () => {
    x.leaf('cbc:ID', line.id);
    x.leaf(credit ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity', quantity.toFixed(), {
      unitCode: unitCode(line.unit),
    });
    money('LineExtensionAmount', line.base.amount);
    x.element('cac:Item', undefined, () => {
      x.leaf('cbc:Name', line.name);
      taxCategory(x, 'ClassifiedTaxCategory', categoryOf(e, line.vatRate));
    });
    x.element('cac:Price', undefined, () => money('PriceAmount', price.abs().toFixed()));
  });
}
