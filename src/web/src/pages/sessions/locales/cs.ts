import type { TextsOf } from '../../../i18n/texts';
import type en from './en';

/** The `sessions` namespace in Czech: the same keys as en.ts. */
const cs: TextsOf<typeof en> = {
  intro: 'Kde všude jste přihlášeni. Přihlášení, které nepoznáváte, ukončete: daný prohlížeč se okamžitě odhlásí.',
  current: 'Tento prohlížeč',
  started: 'Přihlášeno {{date}}',
  lastSeen: 'Naposledy aktivní {{date}}',
  expires: 'Vyprší {{date}}',
  address: 'Adresa {{ip}}',
  unknownBrowser: 'Neznámý prohlížeč',
  end: 'Ukončit přihlášení',
  endTitle: 'Ukončit přihlášení v prohlížeči {{browser}}?',
  endText: 'Daný prohlížeč se okamžitě odhlásí.',
  endOthers: 'Ukončit všechna ostatní přihlášení',
  endOthersTitle: 'Ukončit všechna ostatní přihlášení?',
  endOthersText: 'Všechny ostatní prohlížeče a zařízení se okamžitě odhlásí; tento zůstane přihlášený.',
  ended: 'Přihlášení bylo ukončeno.',
  endedOthers_one: 'Bylo ukončeno {{count}} přihlášení.',
  endedOthers_few: 'Byla ukončena {{count}} přihlášení.',
  endedOthers_many: 'Bylo ukončeno {{count}} přihlášení.',
  endedOthers_other: 'Bylo ukončeno {{count}} přihlášení.',
  onlyThis: 'Jste přihlášeni jen v tomto prohlížeči.',
  list: 'Přihlášení',
};

export default cs;
