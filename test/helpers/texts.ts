import { readdirSync } from 'node:fs';
import path from 'node:path';
import i18next, { type i18n as I18n } from 'i18next';

/**
 * The web app's texts as the tests read them: every namespace of both languages (src/web/src/locales
 * and pages/<page>/locales), through i18next itself, so a test finds a button by the same text the
 * page shows, plurals and interpolation included: `text('cs', 'documents:list.count', { count: 5 })`.
 */
export type Language = 'cs' | 'en';
const WEB = path.resolve(__dirname, '../../src/web/src');

function load(file: string): Record<string, unknown> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require(file) as { default: Record<string, unknown> }).default;
}

/** Every namespace's texts per language: `common` and one per page folder. */
export function allTexts(): Record<Language, Record<string, Record<string, unknown>>> {
  const out: Record<Language, Record<string, Record<string, unknown>>> = { cs: {}, en: {} };
  for (const language of ['cs', 'en'] as const) {
    out[language].common = load(path.join(WEB, 'locales', `${language}.ts`));
    for (const page of readdirSync(path.join(WEB, 'pages')))
      out[language][page] = load(path.join(WEB, 'pages', page, 'locales', `${language}.ts`));
  }
  return out;
}

let instance: I18n | null = null;

function translator(): I18n {
  if (!instance) {
    instance = i18next.createInstance();
    void instance.init({
      resources: allTexts(),
      lng: 'cs',
      fallbackLng: false,
      defaultNS: 'common',
      initAsync: false,
      showSupportNotice: false,
      interpolation: { escapeValue: false },
    });
  }
  return instance;
}

/** A text of the app in `language`; throws on a key that does not exist (a typo in a test). */
export function text(language: Language, key: string, options: Record<string, unknown> = {}): string {
  const t = translator().getFixedT(language);
  const [namespace, rest] = key.includes(':') ? key.split(':', 2) : ['common', key];
  if (!translator().exists(rest, { ns: namespace, lng: language, ...options }))
    throw new Error(`No text ${key} in ${language}`);
  return t(rest, { ns: namespace, ...options });
}

/** The Intl locale of each language, as the app formats with (src/web/src/i18n/texts.ts). */
export const LOCALES: Record<Language, string> = { cs: 'cs-CZ', en: 'en-GB' };

/** Money as a page in `language` prints it: "2 375,00 Kč" (Czech), "CZK 2,375.00" (English). */
export function moneyText(language: Language, amount: string | number, currency = 'CZK'): string {
  return new Intl.NumberFormat(LOCALES[language], { style: 'currency', currency, minimumFractionDigits: 2 }).format(
    Number(amount),
  );
}

/** A day (YYYY-MM-DD) or an instant as a page in `language` prints its date: "26. 11. 2026", "26 Nov 2026". */
export function dateText(language: Language, iso: string): string {
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'medium', timeZone: 'Europe/Prague' }).format(
    new Date(iso),
  );
}
