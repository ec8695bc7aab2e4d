import type { DocumentLanguage } from '../../../core/languages';
import type { DocumentType } from '../document.types';

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
  /** The e-mail sending the document (document-mailing.ts); its opening line ends with the number. */
  email: { opening: string; total: string; toPay: string; due: string; online: string };
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
    email: {
      opening: 'Dobrý den,\n\nzasíláme Vám dokument',
      total: 'Celkem',
      toPay: 'K úhradě',
      due: 'Splatnost',
      online: 'Dokument online',
    },
  },
  en: {
    title: {
      INVOICE: 'Invoice',
      PROFORMA: 'Proforma invoice',
      QUOTE: 'Quote',
      ORDER: 'Order',
      DELIVERY_NOTE: 'Delivery note',
      CREDIT_NOTE: 'Credit note',
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
    email: {
      opening: 'Hello,\n\nplease find attached document',
      total: 'Total',
      toPay: 'To pay',
      due: 'Due date',
      online: 'Document online',
    },
  },
  de: {
    title: {
      INVOICE: 'Rechnung',
      PROFORMA: 'Proforma-Rechnung',
      QUOTE: 'Angebot',
      ORDER: 'Bestellung',
      DELIVERY_NOTE: 'Lieferschein',
      CREDIT_NOTE: 'Rechnungskorrektur',
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
    email: {
      opening: 'Guten Tag,\n\nanbei erhalten Sie das Dokument',
      total: 'Gesamtbetrag',
      toPay: 'Zu zahlen',
      due: 'Fällig am',
      online: 'Dokument online',
    },
  },
};
