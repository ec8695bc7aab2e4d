import type { AppContext } from '../../../core/http/types';

/** The languages of the server-rendered pages (login, two-factor step, consent): those of the web app. */
export type PageLanguage = 'cs' | 'en';

/** The cookie the web app sets when it shows a language (src/web/src/i18n `showLanguage`). */
export const LANGUAGE_COOKIE = 'lang';

/**
 * The language of a server-rendered page: the web app's `lang` cookie (the language last shown in
 * this browser), else the first of Czech and English the browser's Accept-Language names (by q),
 * else Czech. A bare `*` (what a script's HTTP client sends, not a person's browser) answers in
 * English, the API's own language.
 */
export function pageLanguage(ctx: AppContext): PageLanguage {
  const cookie = ctx.cookies.get(LANGUAGE_COOKIE);
  if (cookie === 'cs' || cookie === 'en') return cookie;
  return fromAcceptLanguage(ctx.get('accept-language'));
}

export function fromAcceptLanguage(header: string | undefined): PageLanguage {
  const ranges = (header ?? '')
    .slice(0, 1000)
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.tag && r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranges) {
    const primary = tag.split('-')[0];
    if (primary === 'cs' || primary === 'sk') return 'cs';
    if (primary === 'en') return 'en';
  }
  if (ranges.length && ranges.every((r) => r.tag === '*')) return 'en';
  return 'cs';
}
