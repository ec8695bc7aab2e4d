import type { TextsOf } from '../../../i18n/texts';
import type en from './en';

/** The `pos-devices` namespace in Czech: the same keys as en.ts. */
const cs: TextsOf<typeof en> = {
  title: 'Pokladny',
  fields: { name: 'Název', prefix: 'Prefix' },
  create: {
    title: 'Přidat pokladnu',
    prefix: 'Prefix (nepovinný)',
    prefixHint: 'Označení pro lidi, např. kód prodejny.',
    submit: 'Vytvořit pokladnu',
    tokenLabel: 'Token pokladny {{name}}',
  },
  list: {
    title: 'Pokladny',
    empty: 'Zatím žádné pokladny.',
    name: 'Název',
    prefix: 'Prefix',
    created: 'Vytvořeno',
    lastUsed: 'Naposledy použito',
    never: 'nikdy',
    status: 'Stav',
    active: 'Aktivní',
    revoked: 'Zneplatněno {{date}}',
    actions: 'Akce',
    edit: 'Upravit',
    paging: 'Pokladny',
    newTokenLabel: 'Nový token pokladny {{name}}',
  },
  rotate: {
    label: 'Vyměnit token',
    title: 'Vyměnit token pokladny {{name}}?',
    confirm: 'Vyměnit token',
    text: 'Současný token okamžitě přestane fungovat; pokladna potřebuje nový.',
  },
  revoke: {
    label: 'Zneplatnit',
    title: 'Zneplatnit pokladnu {{name}}?',
    confirm: 'Zneplatnit pokladnu',
    text: 'Pokladna už nebude moci vystavovat účtenky. Tuto akci nelze vrátit.',
  },
};

export default cs;
