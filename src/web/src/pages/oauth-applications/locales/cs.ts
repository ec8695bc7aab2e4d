import type { TextsOf } from '../../../i18n/texts';
import type en from './en';

/** The `oauth-applications` namespace in Czech: the same keys as en.ts. */
const cs: TextsOf<typeof en> = {
  title: 'OAuth aplikace',
  registered: 'Zaregistrováno. Client ID:',
  fields: {
    name: 'Název',
    description: 'Popis',
    redirectUris: 'Adresy pro přesměrování (každá na vlastní řádek)',
    scopes: 'Oprávnění (scopes)',
    confidential: 'Důvěrný klient (má tajný klíč; zrušte zaškrtnutí pro veřejného klienta s PKCE)',
  },
  register: {
    title: 'Registrovat aplikaci',
    submit: 'Registrovat aplikaci',
    secretLabel: 'Tajný klíč klienta {{name}}',
  },
  list: {
    title: 'Aplikace',
    empty: 'Zatím žádné aplikace.',
    paging: 'Aplikace',
    newSecretLabel: 'Nový tajný klíč klienta {{name}}',
  },
  card: {
    confidential: 'důvěrný',
    public: 'veřejný',
    disabled: 'vypnutá',
    clientId: 'Client ID',
    registeredAt: 'registrována {{date}}',
    redirectUris: 'Adresy pro přesměrování: {{uris}}',
    scopes: 'Oprávnění: {{scopes}}',
    edit: 'Upravit',
    enable: 'Zapnout',
  },
  rotate: {
    label: 'Vyměnit tajný klíč',
    title: 'Vyměnit tajný klíč klienta {{name}}?',
    confirm: 'Vyměnit tajný klíč',
    text: 'Současný tajný klíč okamžitě přestane fungovat.',
  },
  disable: {
    label: 'Vypnout',
    title: 'Vypnout aplikaci {{name}}?',
    confirm: 'Vypnout aplikaci',
    text: 'Její tokeny přestanou fungovat a nikdo ji nepřipojí, dokud ji znovu nezapnete.',
  },
};

export default cs;
