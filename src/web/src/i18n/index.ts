import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import csCommon from '../locales/cs';
import enCommon from '../locales/en';
import { isAppLanguage, type AppLanguage } from './texts';

/**
 * The app's texts through i18next: the `common` namespace (shell, shared components, server errors)
 * is in the first script; each page's namespace (its folder name, texts in `pages/<page>/locales/`)
 * is loaded with the page. A key missing in the language shown is a console error, which the
 * browser tests treat as a failure.
 */
const pageTexts = import.meta.glob<{ default: ResourceKey }>('../pages/*/locales/*.ts');

const pageBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = pageTexts[`../pages/${namespace}/locales/${language}.ts`];
    if (!load) return callback(new Error(`No texts for ${namespace} in ${language}`), false);
    load().then(
      (module) => callback(null, module.default),
      (err: Error) => callback(err, false),
    );
  },
};

/** The language of a signed-out page: the last one used in this browser, else the browser's own. */
const REMEMBERED = 'faktura.language';

export function rememberedLanguage(): AppLanguage {
  const stored = localStorage.getItem(REMEMBERED);
  if (isAppLanguage(stored)) return stored;
  return navigator.language.toLowerCase().startsWith('en') ? 'en' : 'cs';
}

export const i18n = i18next.createInstance();

void i18n
  .use(pageBackend)
  .use(initReactI18next)
  .init({
    lng: rememberedLanguage(),
    fallbackLng: false,
    supportedLngs: ['cs', 'en'],
    ns: ['common'],
    defaultNS: 'common',
    partialBundledLanguages: true,
    resources: { cs: { common: csCommon }, en: { common: enCommon } },
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
    saveMissing: true,
    missingKeyHandler: (languages, namespace, key) =>
      console.error(`Missing text ${namespace}:${key} in ${languages.join(', ')}`),
    react: { useSuspense: true },
  });

/** The cookie the server-rendered pages (login, consent) read their language from (a year, the whole site). */
const LANGUAGE_COOKIE = 'lang';

/** Shows the app in `language` and remembers it for the signed-out pages of this browser. */
export async function showLanguage(language: AppLanguage): Promise<void> {
  localStorage.setItem(REMEMBERED, language);
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; SameSite=Lax${
    location.protocol === 'https:' ? '; Secure' : ''
  }`;
  document.documentElement.lang = language;
  if (i18n.language !== language) await i18n.changeLanguage(language);
}

export function currentLanguage(): AppLanguage {
  return isAppLanguage(i18n.language) ? i18n.language : 'cs';
}
