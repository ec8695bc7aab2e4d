/**
 * The shape a translation must have, derived from the English texts (the reference): the same keys,
 * string values, and for every plural (`key_one` / `key_other`) the Czech forms `key_few` (2–4) and
 * `key_many` (fractions) as well. A Czech file typed `TextsOf<typeof en>` fails to compile when a
 * key is missing or extra.
 */
type PluralBase<K> = K extends `${infer B}_other` ? B : never;

export type TextsOf<T> = { [K in keyof T]: T[K] extends string ? string : TextsOf<T[K]> } & {
  [K in PluralBase<keyof T> as `${K}_few` | `${K}_many`]: string;
};

/** The languages of the web app. */
export const LANGUAGES = ['cs', 'en'] as const;
export type AppLanguage = (typeof LANGUAGES)[number];

/** The Intl locale of each language: Czech formats as in Czechia, English as in Britain (day before month). */
export const LOCALES: Record<AppLanguage, string> = { cs: 'cs-CZ', en: 'en-GB' };

export function isAppLanguage(value: unknown): value is AppLanguage {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
