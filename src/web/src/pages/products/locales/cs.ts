import type { TextsOf } from '../../../i18n/texts';
import type en from './en';

/** The `products` namespace in Czech: the same keys as en.ts. */
const cs: TextsOf<typeof en> = {
  title: 'Ceník',
  fields: {
    name: 'Název',
    sku: 'Kód zboží (SKU)',
    unit: 'Jednotka',
    price: 'Cena bez DPH',
    vatRate: 'Sazba DPH',
  },
  create: { open: 'Nový produkt', submit: 'Vytvořit produkt' },
  list: {
    search: 'Hledat produkty',
    searchField: 'Hledat',
    searchHint: 'Název nebo kód zboží',
    show: 'Zobrazit',
    active: 'V ceníku',
    deleted: 'Smazané',
    empty: 'Žádné produkty nenalezeny.',
    paging: 'Ceník',
  },
  card: {
    price: '{{price}} / {{unit}} · DPH {{rate}}',
    sku: 'Kód',
    edit: 'Upravit',
    putBack: 'Vrátit do ceníku',
  },
  delete: {
    label: 'Smazat',
    title: 'Smazat produkt {{name}}?',
    confirm: 'Smazat produkt',
    text: 'Produkt zmizí z ceníku; doklady, které ho už používají, si své položky ponechají.',
  },
};

export default cs;
