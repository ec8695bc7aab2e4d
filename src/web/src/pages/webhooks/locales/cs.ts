import type { TextsOf } from '../../../i18n/texts';
import type en from './en';

/** The `webhooks` namespace in Czech: the same keys as en.ts. */
const cs: TextsOf<typeof en> = {
  title: 'Webhooky',
  add: 'Přidat adresu',
  secret: 'Podpisový klíč adresy {{name}}',
  create: 'Vytvořit adresu',
  endpoints: 'Adresy',
  none: 'Zatím tu nejsou žádné adresy webhooků.',
  pager: 'Webhooky',
  fields: {
    name: 'Název',
    url: 'URL',
    events: 'Události',
    active: 'Zapnutá',
  },
  card: {
    active: 'zapnutá',
    inactive: 'vypnutá',
    created: '{{events}} · vytvořena {{at}}',
    deliveryLog: 'Záznam doručení',
    edit: 'Upravit',
    sendTest: 'Poslat zkoušku',
    delivered: 'Zkouška doručena: HTTP {{status}} za {{ms}} ms.',
    failed: 'Zkouška selhala: {{error}}.',
    delete: 'Smazat',
    deleteTitle: 'Smazat adresu {{name}}?',
    deleteConfirm: 'Smazat adresu',
    deleteText: 'Už na ni nepůjdou žádné události. Nelze to vrátit.',
  },
  deliveries: {
    titleOf: 'Doručení pro {{name}}',
    title: 'Doručení',
    status: 'Stav',
    anyStatus: 'Jakýkoli stav',
    statuses: { PENDING: 'Čeká', DELIVERED: 'Doručeno', FAILED: 'Selhalo' },
    allEndpoints: 'Všechny adresy',
    none: 'Žádná doručení.',
    attempts: 'Pokusy',
    at: 'Kdy',
    response: 'Odpověď',
    duration: 'Trvání',
    ms: '{{ms}} ms',
    replay: 'Poslat znovu',
    pager: 'Doručení',
  },
};

export default cs;
