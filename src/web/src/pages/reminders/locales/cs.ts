import type { TextsOf } from '../../../i18n/texts';
import type en from './en';

/** The `reminders` namespace in Czech: the same keys as en.ts. */
const cs: TextsOf<typeof en> = {
  title: 'Upomínky',
  intro:
    'Každý den v 8:00 Faktura pošle e-mailem ke každé vystavené nebo odeslané faktuře, která není celá zaplacená, upomínku posledního kroku, na který už došlo – každý krok jen jednou. Znění je šablona Upomínka v <templates>šablonách e-mailů</templates>.',
  step: {
    onDue: 'v den splatnosti',
    before_one: '{{count}} den před splatností',
    before_few: '{{count}} dny před splatností',
    before_many: '{{count}} dne před splatností',
    before_other: '{{count}} dní před splatností',
    after_one: '{{count}} den po splatnosti',
    after_few: '{{count}} dny po splatnosti',
    after_many: '{{count}} dne po splatnosti',
    after_other: '{{count}} dní po splatnosti',
  },
  form: {
    wholeDays: 'celý počet dní, např. -3 nebo 7',
    checkSteps: 'Zkontrolujte označené kroky.',
    saved: 'Kroky upomínek jsou uložené.',
    none: 'Žádné kroky: upomínky se neposílají.',
    days: 'Krok {{n}}: dní od splatnosti',
    negative: 'záporné číslo: před splatností',
    active: 'Krok {{n}} zapnutý',
    remove: 'Odebrat krok {{n}}',
    add: 'Přidat krok',
    save: 'Uložit kroky upomínek',
  },
  panel: {
    heading: 'Upomínky',
    on: 'Upomínky jsou zapnuté: denní úloha posílá e-mailem kroky, na které došlo, dokud zbývá něco zaplatit.',
    off: 'Upomínky jsou u tohoto dokladu vypnuté.',
    switchOff: 'Vypnout upomínky',
    switchOn: 'Zapnout upomínky',
    noneSent: 'Zatím nebyla odeslána žádná upomínka.',
    sent: 'Upomínka {{when}} (krok {{step}})',
  },
};

export default cs;
