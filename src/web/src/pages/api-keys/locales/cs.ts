import type { TextsOf } from '../../../i18n/texts';
import type en from './en';

/** The `api-keys` namespace in Czech: the same keys as en.ts. */
const cs: TextsOf<typeof en> = {
  title: 'API klíče',
  levels: { none: 'Žádný', read: 'Čtení', write: 'Zápis' },
  create: {
    title: 'Nový klíč',
    name: 'Název',
    sections: 'Oblasti, ke kterým má klíč přístup (nejvýše jako vy)',
    submit: 'Vytvořit klíč',
    secretLabel: 'API klíč {{name}}',
  },
  list: {
    title: 'Klíče',
    empty: 'Zatím žádné API klíče.',
    name: 'Název',
    key: 'Klíč',
    sections: 'Oblasti',
    created: 'Vytvořen',
    usage: 'Požadavky tento měsíc',
    actions: 'Akce',
    noSections: 'žádné',
    section: '{{section}}: {{level}}',
    granted: { read: 'čtení', write: 'zápis' },
    usageHidden: 'vyžaduje čtení nastavení firmy',
    used: '{{used}} z {{limit}}',
    unlimited: 'neomezeně',
    paging: 'API klíče',
  },
  delete: {
    label: 'Smazat',
    title: 'Smazat klíč {{name}}?',
    confirm: 'Smazat klíč',
    text: 'Integrace, které tento klíč používají, od teď dostanou odpověď 401. Tuto akci nelze vrátit.',
  },
};

export default cs;
