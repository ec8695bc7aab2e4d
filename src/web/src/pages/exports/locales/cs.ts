import type { TextsOf } from '../../../i18n/texts';
import type en from './en';

/** The `exports` namespace in Czech: the same keys as en.ts. */
const cs: TextsOf<typeof en> = {
  title: 'Exporty',
  start: {
    heading: 'Nový export',
    resource: 'Co exportovat',
    format: 'Formát',
    czechExcel: 'Pro český Excel (; a desetinná čárka)',
    submit: 'Spustit export',
    started: 'Export byl spuštěn; běží na pozadí.',
  },
  resources: {
    documents: 'Doklady',
    costs: 'Přijaté doklady (náklady)',
    payments: 'Platby',
    contacts: 'Kontakty',
    products: 'Položky ceníku',
  },
  formats: {
    csv: 'CSV',
    xlsx: 'Excel (XLSX)',
    'pdf-zip': 'PDF (ZIP)',
    'isdoc-zip': 'ISDOC (ZIP)',
  },
  list: {
    heading: 'Poslední exporty',
    none: 'Zatím žádný export.',
    created: 'Spuštěno',
    resource: 'Export',
    format: 'Formát',
    status: 'Stav',
    file: 'Soubor',
    download: 'Stáhnout',
    downloadLabel: 'Stáhnout export „{{resource}}“ z {{date}}',
    expires: 'platí do {{date}}',
    progress: 'Exportuji… {{done}} z {{total}}',
    failed: 'Selhalo: {{error}}',
  },
  status: {
    QUEUED: 'Čeká',
    RUNNING: 'Probíhá',
    DONE: 'Hotovo',
    FAILED: 'Selhalo',
  },
};

export default cs;
