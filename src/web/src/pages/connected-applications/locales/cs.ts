import type { TextsOf } from '../../../i18n/texts';
import type en from './en';

/** The `connected-applications` namespace in Czech: the same keys as en.ts. */
const cs: TextsOf<typeof en> = {
  empty: 'Nepřipojili jste žádnou aplikaci.',
  allowed: 'Povoleno {{date}} · {{scopes}}',
  revoke: 'Odebrat přístup',
  revokeTitle: 'Odebrat přístup aplikaci {{name}}?',
  revokeText: 'Aplikace okamžitě ztratí přístup; všechny její tokeny přestanou platit.',
};

export default cs;
