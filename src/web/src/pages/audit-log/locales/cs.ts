import type { TextsOf } from '../../../i18n/texts';
import type en from './en';

/** The `audit-log` namespace in Czech: the same keys as en.ts. */
const cs: TextsOf<typeof en> = {
  title: 'Auditní záznam',
  filter: 'Filtrovat auditní záznam',
  action: 'Akce',
  everyAction: 'Všechny akce',
  person: 'Osoba',
  anyone: 'Kdokoli',
  none: 'Žádné záznamy.',
  pager: 'Auditní záznam',
  columns: { when: 'Kdy', action: 'Akce', who: 'Kdo', target: 'Čeho se týká', details: 'Podrobnosti', from: 'Odkud' },
  unknown: 'neznámý',
  actions: {
    LOGIN_SUCCEEDED: 'Přihlášení',
    LOGIN_FAILED: 'Neúspěšné přihlášení',
    LOGOUT: 'Odhlášení',
    SESSION_ENDED: 'Relace ukončena',
    PASSWORD_CHANGED: 'Změna hesla',
    TWO_FACTOR_ENABLED: 'Dvoufázové přihlášení zapnuto',
    TWO_FACTOR_DISABLED: 'Dvoufázové přihlášení vypnuto',
    TWO_FACTOR_REQUIREMENT_CHANGED: 'Změna povinnosti dvoufázového přihlášení',
    USER_CREATED: 'Uživatel vytvořen',
    USER_CHANGED: 'Uživatel změněn',
    USER_REMOVED: 'Uživatel odebrán',
    API_KEY_CREATED: 'API klíč vytvořen',
    API_KEY_DELETED: 'API klíč smazán',
    OAUTH_APPLICATION_CREATED: 'OAuth aplikace zaregistrována',
    OAUTH_APPLICATION_CHANGED: 'OAuth aplikace změněna',
    OAUTH_APPLICATION_SECRET_ROTATED: 'Nový tajný klíč OAuth klienta',
    OAUTH_CONSENT_GRANTED: 'Aplikace připojena',
    OAUTH_CONSENT_REVOKED: 'Aplikace odpojena',
    WEBHOOK_ENDPOINT_CREATED: 'Adresa webhooku vytvořena',
    WEBHOOK_ENDPOINT_CHANGED: 'Adresa webhooku změněna',
    WEBHOOK_ENDPOINT_DELETED: 'Adresa webhooku smazána',
    PAYMENT_GATEWAY_CONNECTED: 'Platební brána připojena',
    PAYMENT_GATEWAY_DISCONNECTED: 'Platební brána odpojena',
    BANK_CONNECTION_CONNECTED: 'Bankovní účet připojen (token Fio)',
    BANK_CONNECTION_REMOVED: 'Napojení banky odebráno',
  },
  credentials: {
    session: 'přihlášený',
    apiKey: 'API klíč',
    oauth: 'OAuth aplikace',
    pos: 'pokladní zařízení',
  },
  targets: {
    user: 'Uživatel',
    session: 'Relace',
    api_key: 'API klíč',
    oauth_application: 'OAuth aplikace',
    oauth_consent: 'Souhlas',
    webhook_endpoint: 'Adresa webhooku',
  },
};

export default cs;
