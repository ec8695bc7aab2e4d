import type { TextsOf } from '../../../i18n/texts';
import type en from './en';

/** The `email-templates` namespace in Czech: the same keys as en.ts. */
const cs: TextsOf<typeof en> = {
  title: 'Šablony e-mailů',
  kinds: {
    DOCUMENT: 'Doklad (faktura, proforma, …)',
    QUOTE: 'Nabídka',
    REMINDER: 'Upomínka',
    PAYMENT_THANKS: 'Poděkování za platbu',
    RECURRING: 'Faktura z pravidelné řady',
  },
  languages: { cs: 'Čeština', en: 'Angličtina', de: 'Němčina' },
  variables: {
    documentNumber: 'číslo dokladu',
    documentTitle: 'druh dokladu: Faktura, Invoice, Rechnung, …',
    amountDue: 'částka k úhradě i s měnou',
    dueDate: 'datum splatnosti',
    daysOverdue: 'počet celých dní po splatnosti (před ní 0)',
    variableSymbol: 'variabilní symbol',
    company: 'název vaší firmy',
    contact: 'jméno odběratele',
    publicLink: 'veřejná stránka dokladu',
    paymentQr: 'QR platba: obrázek v HTML e-mailu, v textové verzi nic',
  },
  choose: {
    kind: 'E-mail',
    step: 'Krok upomínky',
    language: 'Jazyk šablony',
    allSteps: 'Všechny kroky (obecné znění)',
    customStep: '{{step}} (vlastní)',
  },
  editor: {
    label: 'Šablona: {{label}}',
    inherited: 'Používá obecný text upomínky',
    custom: 'Vlastní',
    default: 'Výchozí text Faktury',
    inheritedBefore:
      'Dokud tento krok ani všechny kroky nemají vlastní text, Faktura posílá svou výchozí upomínku se zněním před splatností.',
    inheritedOnDue:
      'Dokud tento krok ani všechny kroky nemají vlastní text, Faktura posílá svou výchozí upomínku se zněním pro den splatnosti.',
    subject: 'Předmět',
    body: 'Text',
    variables: 'Proměnné',
    save: 'Uložit šablonu',
    saved: 'Šablona je uložená.',
    reset: 'Vrátit výchozí text',
    resetDone: 'Vrácen výchozí text Faktury.',
    useGeneral: 'Použít obecný text upomínky',
    useGeneralDone: 'Vrácen obecný text upomínky.',
  },
  preview: {
    heading: 'Náhled',
    updating: '(aktualizuje se…)',
    needsDocuments: 'Náhled ukazuje údaje dokladu: potřebuje přístup k dokladům.',
    noDocuments: 'Vystavte fakturu a uvidíte náhled e-mailu s jejími údaji.',
    document: 'Náhled s dokladem',
    subject: 'Předmět:',
  },
  thanks: {
    heading: 'Poděkování za platbu',
    label: 'Děkovat odběratelům za platby',
    on: 'Poděkování za platbu je zapnuté.',
    off: 'Poděkování za platbu je vypnuté.',
    explain: 'Když se faktura platbou uhradí, odběratel dostane níže uvedený e-mail „Poděkování za platbu“.',
  },
};

export default cs;
