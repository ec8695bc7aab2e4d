import type { DocumentLanguage } from '../../../core/languages';
import type { DocumentType } from '../document.types';
import type { ReverseChargeRegime } from '../reverse-charge';

/** The printed words of a document and of its e-mail, in the document's language. */
export interface Labels {
  title: Record<DocumentType, string>;
  taxDocument: string;
  supplier: string;
  customer: string;
  taxId: string;
  vatId: string;
  notVatPayer: string;
  number: string;
  issueDate: string;
  taxableSupplyDate: string;
  dueDate: string;
  variableSymbol: string;
  item: string;
  quantity: string;
  unitPrice: string;
  vatRate: string;
  base: string;
  vat: string;
  lineTotal: string;
  recapitulation: string;
  /** The recapitulation in CZK of a foreign-currency tax document (§ 29 ZDPH: the VAT in CZK), with its rate. */
  recapitulationCzk: string;
  exchangeRate: string;
  /** A corrective tax document (§ 45 ZDPH): the corrected document, the reason, the differences. */
  correctedDocument: string;
  correctionReason: string;
  correctionDifferences: string;
  credited: string;
  /** The sentence a reverse-charge document must carry (§ 92a odst. 2, § 29 ZDPH), and the name of the § 92a code. */
  reverseCharge: Record<ReverseChargeRegime, string>;
  reverseChargeCode: string;
  /** Advances (advances.ts): a proforma is no tax document; an advance's or final invoice's proforma; what a final invoice settles. */
  notTaxDocument: string;
  proforma: string;
  settledAdvances: string;
  total: string;
  paid: string;
  remaining: string;
  payment: string;
  paymentMethod: string;
  bankTransfer: string;
  accountNumber: string;
  iban: string;
  qrAlt: string;
  qrCaption: string;
  download: string;
  /** A QUOTE: its validity, the customer's answer and the page's buttons. */
  validUntil: string;
  quoteAnswer: { ACCEPTED: string; DECLINED: string };
  quoteExpired: string;
  accept: string;
  decline: string;
  answerNote: string;
  /** An unpaid invoice's button when the company takes payments through a gateway. */
  payOnline: string;
}

export const LABELS: Record<DocumentLanguage, Labels> = {
  cs: {
    title: {
      INVOICE: 'Faktura',
      PROFORMA: 'Zálohová faktura',
      QUOTE: 'Nabídka',
      ORDER: 'Objednávka',
      DELIVERY_NOTE: 'Dodací list',
      CREDIT_NOTE: 'Opravný daňový doklad',
      ADVANCE_TAX_DOCUMENT: 'Daňový doklad k přijaté platbě',
    },
    taxDocument: 'daňový doklad',
    supplier: 'Dodavatel',
    customer: 'Odběratel',
    taxId: 'IČO',
    vatId: 'DIČ',
    notVatPayer: 'Neplátce DPH',
    number: 'Číslo dokladu',
    issueDate: 'Datum vystavení',
    taxableSupplyDate: 'Datum zdanitelného plnění',
    dueDate: 'Datum splatnosti',
    variableSymbol: 'Variabilní symbol',
    item: 'Položka',
    quantity: 'Množství',
    unitPrice: 'Cena za jednotku',
    vatRate: 'Sazba DPH',
    base: 'Základ',
    vat: 'DPH',
    lineTotal: 'Celkem',
    recapitulation: 'Rekapitulace DPH',
    recapitulationCzk: 'Rekapitulace DPH v CZK',
    exchangeRate: 'kurz ČNB',
    correctedDocument: 'Opravovaný daňový doklad č.',
    correctionReason: 'Důvod opravy',
    correctionDifferences: 'Rozdíl základu daně a daně (oprava)',
    credited: 'Opravné daňové doklady',
    reverseCharge: {
      DOMESTIC: 'Daň odvede zákazník – přenesení daňové povinnosti podle § 92a zákona o DPH',
      EU_GOODS: 'Dodání zboží do jiného členského státu – osvobozeno od daně podle § 64 zákona o DPH',
      EU_SERVICES:
        'Daň odvede zákazník (reverse charge) – místo plnění v jiném členském státě podle § 9 odst. 1 zákona o DPH',
    },
    reverseChargeCode: 'kód předmětu plnění',
    notTaxDocument: 'Nejedná se o daňový doklad.',
    proforma: 'Zálohová faktura č.',
    settledAdvances: 'Zúčtované zálohy',
    total: 'Celkem k úhradě',
    paid: 'Uhrazeno',
    remaining: 'Zbývá uhradit',
    payment: 'Platební údaje',
    paymentMethod: 'Způsob úhrady',
    bankTransfer: 'Bankovní převod',
    accountNumber: 'Číslo účtu',
    iban: 'IBAN',
    qrAlt: 'QR platba',
    qrCaption: 'QR platba – naskenujte v bankovní aplikaci',
    download: 'Stáhnout PDF',
    validUntil: 'Platnost nabídky do',
    quoteAnswer: { ACCEPTED: 'Nabídka přijata', DECLINED: 'Nabídka odmítnuta' },
    quoteExpired: 'Platnost nabídky vypršela; nabídku již nelze přijmout.',
    accept: 'Přijmout nabídku',
    decline: 'Odmítnout nabídku',
    answerNote: 'Poznámka (nepovinná)',
    payOnline: 'Zaplatit online',
  },
  en: {
    title: {
      INVOICE: 'Invoice',
      PROFORMA: 'Proforma invoice',
      QUOTE: 'Quote',
      ORDER: 'Order',
      DELIVERY_NOTE: 'Delivery note',
      CREDIT_NOTE: 'Credit note',
      ADVANCE_TAX_DOCUMENT: 'Tax document for a received payment',
    },
    taxDocument: 'tax document',
    supplier: 'Supplier',
    customer: 'Customer',
    taxId: 'Company ID (IČO)',
    vatId: 'VAT ID (DIČ)',
    notVatPayer: 'Not a VAT payer',
    number: 'Document number',
    issueDate: 'Issue date',
    taxableSupplyDate: 'Taxable supply date',
    dueDate: 'Due date',
    variableSymbol: 'Variable symbol',
    item: 'Item',
    quantity: 'Quantity',
    unitPrice: 'Unit price',
    vatRate: 'VAT rate',
    base: 'Base',
    vat: 'VAT',
    lineTotal: 'Total',
    recapitulation: 'VAT summary',
    recapitulationCzk: 'VAT summary in CZK',
    exchangeRate: 'ČNB rate',
    correctedDocument: 'Corrected tax document no.',
    correctionReason: 'Reason for correction',
    correctionDifferences: 'Differences in tax base and VAT (correction)',
    credited: 'Credit notes',
    reverseCharge: {
      DOMESTIC: 'Reverse charge: the customer accounts for the VAT (§ 92a of the Czech VAT Act)',
      EU_GOODS:
        'Intra-Community supply of goods, exempt from VAT (Article 138 of Directive 2006/112/EC, § 64 of the Czech VAT Act)',
      EU_SERVICES: 'Reverse charge: the customer accounts for the VAT (Article 196 of Directive 2006/112/EC)',
    },
    reverseChargeCode: 'supply code',
    notTaxDocument: 'This is not a tax document.',
    proforma: 'Proforma invoice no.',
    settledAdvances: 'Settled advances',
    total: 'Total due',
    paid: 'Paid',
    remaining: 'Remaining',
    payment: 'Payment details',
    paymentMethod: 'Payment method',
    bankTransfer: 'Bank transfer',
    accountNumber: 'Account number',
    iban: 'IBAN',
    // The QR code is a Czech payment standard; its name stays Czech so banks' customers recognise it.
    qrAlt: 'QR platba',
    qrCaption: 'QR platba (QR payment) – scan in your banking app',
    download: 'Download PDF',
    validUntil: 'Valid until',
    quoteAnswer: { ACCEPTED: 'Quote accepted', DECLINED: 'Quote declined' },
    quoteExpired: 'This quote has expired and can no longer be accepted.',
    accept: 'Accept the quote',
    decline: 'Decline the quote',
    answerNote: 'Note (optional)',
    payOnline: 'Pay online',
  },
  de: {
    title: {
      INVOICE: 'Rechnung',
      PROFORMA: 'Proforma-Rechnung',
      QUOTE: 'Angebot',
      ORDER: 'Bestellung',
      DELIVERY_NOTE: 'Lieferschein',
      CREDIT_NOTE: 'Rechnungskorrektur',
      ADVANCE_TAX_DOCUMENT: 'Steuerbeleg über eine erhaltene Anzahlung',
    },
    taxDocument: 'Steuerbeleg',
    supplier: 'Lieferant',
    customer: 'Kunde',
    taxId: 'Ident.-Nr. (IČO)',
    vatId: 'USt-IdNr. (DIČ)',
    notVatPayer: 'Nicht umsatzsteuerpflichtig',
    number: 'Belegnummer',
    issueDate: 'Ausstellungsdatum',
    taxableSupplyDate: 'Leistungsdatum',
    dueDate: 'Fälligkeitsdatum',
    variableSymbol: 'Variables Symbol',
    item: 'Position',
    quantity: 'Menge',
    unitPrice: 'Einzelpreis',
    vatRate: 'USt-Satz',
    base: 'Netto',
    vat: 'USt',
    lineTotal: 'Gesamt',
    recapitulation: 'USt-Aufstellung',
    recapitulationCzk: 'USt-Aufstellung in CZK',
    exchangeRate: 'ČNB-Kurs',
    correctedDocument: 'Korrigierter Steuerbeleg Nr.',
    correctionReason: 'Grund der Korrektur',
    correctionDifferences: 'Differenz der Bemessungsgrundlage und der Steuer (Korrektur)',
    credited: 'Rechnungskorrekturen',
    total: 'Zu zahlender Gesamtbetrag',
    paid: 'Bezahlt',
    remaining: 'Offener Betrag',
    payment: 'Zahlungsangaben',
    paymentMethod: 'Zahlungsart',
    bankTransfer: 'Banküberweisung',
    accountNumber: 'Kontonummer',
    iban: 'IBAN',
    // As in English: the Czech name of the QR payment standard.
    qrAlt: 'QR platba',
    qrCaption: 'QR platba (QR-Zahlung) – mit der Banking-App scannen',
    download: 'PDF herunterladen',
    notTaxDocument: 'Dies ist kein Steuerbeleg.',
    proforma: 'Proforma-Rechnung Nr.',
    settledAdvances: 'Verrechnete Anzahlungen',
    reverseCharge: {
      DOMESTIC: 'Steuerschuldnerschaft des Leistungsempfängers (§ 92a des tschechischen Umsatzsteuergesetzes)',
      EU_GOODS:
        'Steuerfreie innergemeinschaftliche Lieferung (Art. 138 der Richtlinie 2006/112/EG, § 64 des tschechischen Umsatzsteuergesetzes)',
      EU_SERVICES: 'Steuerschuldnerschaft des Leistungsempfängers (Art. 196 der Richtlinie 2006/112/EG)',
    },
    reverseChargeCode: 'Code der Leistung',
    validUntil: 'Angebot gültig bis',
    quoteAnswer: { ACCEPTED: 'Angebot angenommen', DECLINED: 'Angebot abgelehnt' },
    quoteExpired: 'Dieses Angebot ist abgelaufen und kann nicht mehr angenommen werden.',
    accept: 'Angebot annehmen',
    decline: 'Angebot ablehnen',
    answerNote: 'Anmerkung (optional)',
    payOnline: 'Online bezahlen',
  },
};
