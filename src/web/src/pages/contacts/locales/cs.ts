import type { TextsOf } from '../../../i18n/texts';
import type en from './en';

/** The `contacts` namespace in Czech: the same keys as en.ts. */
const cs: TextsOf<typeof en> = {
  title: 'Kontakty',
  types: { CLIENT: 'Odběratel', SUPPLIER: 'Dodavatel', BOTH: 'Odběratel i dodavatel' },
  languages: { cs: 'čeština', en: 'angličtina', de: 'němčina' },
  fields: {
    name: 'Název',
    type: 'Typ',
    email: 'E-mail',
    phone: 'Telefon',
    taxId: 'IČO',
    vatId: 'DIČ',
    street: 'Ulice',
    city: 'Město',
    zip: 'PSČ',
    country: 'Země',
    language: 'Jazyk dokladů',
    companyLanguage: 'Podle firmy',
  },
  create: {
    open: 'Nový kontakt',
    submit: 'Vytvořit kontakt',
    created: 'Kontakt {{name}} byl vytvořen.',
  },
  list: {
    search: 'Hledat kontakty',
    searchField: 'Hledat',
    searchHint: 'Název, e-mail, IČO nebo DIČ',
    show: 'Zobrazit',
    active: 'Aktivní kontakty',
    archived: 'Archivované kontakty',
    empty: 'Žádné kontakty nenalezeny.',
    name: 'Název',
    ids: 'IČO / DIČ',
    email: 'E-mail',
    city: 'Město',
    paging: 'Kontakty',
  },
  detail: {
    archived: 'archivován',
    all: 'Všechny kontakty',
    documents: 'Doklady',
    address: 'Adresa',
    changed: 'Změněno',
    edit: 'Upravit',
    restore: 'Obnovit',
  },
  archive: {
    label: 'Archivovat',
    title: 'Archivovat kontakt {{name}}?',
    confirm: 'Archivovat kontakt',
    text: 'Kontakt zmizí ze seznamů a z výběru; jeho doklady zůstanou. Později ho můžete obnovit.',
  },
};

export default cs;
