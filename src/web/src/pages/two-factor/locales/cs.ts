import type { TextsOf } from '../../../i18n/texts';
import type en from './en';

/** The `two-factor` namespace in Czech: the same keys as en.ts. */
const cs: TextsOf<typeof en> = {
  recoveryCodes: 'Záložní kódy',
  required: 'Vaše firma vyžaduje dvoufázové přihlášení. Zapněte ho, abyste mohli Fakturu dál používat.',
  setUpTitle: 'Nastavení',
  setUpText:
    'Použijte ověřovací aplikaci (TOTP: 6 číslic každých 30 sekund). Každé přihlášení si pak po hesle vyžádá aktuální kód.',
  setUp: 'Nastavit dvoufázové přihlášení',
  startAgain: 'Začít znovu s novým klíčem',
  scan: 'Naskenujte QR kód v aplikaci, nebo do ní zadejte tento klíč ručně (případně otevřete v telefonu <1>odkaz otpauth</1>):',
  qr: 'QR kód pro ověřovací aplikaci',
  code: 'Kód z aplikace',
  enable: 'Zapnout',
  onTitle: 'Zapnuto',
  codesLeft: 'Zbývající záložní kódy: {{count}}',
  password: 'Heslo',
  codeOrRecovery: 'Kód nebo záložní kód',
  turnOff: 'Vypnout',
  companyTitle: 'Pro celou firmu',
  companyRequired: 'Každý člen se musí přihlašovat dvoufázově.',
  companyOptional: 'Členové se mohou přihlásit jen heslem.',
  stopRequiring: 'Přestat vyžadovat dvoufázové přihlášení',
  requireAll: 'Vyžadovat dvoufázové přihlášení od všech',
};

export default cs;
