import { currentLanguage } from './i18n';
import { LOCALES, type AppLanguage } from './i18n/texts';

/** Amounts and dates in the language shown (Czech as in Czechia, English as in Britain), in Prague time. */
const TIME_ZONE = 'Europe/Prague';

interface Formats {
  dateTime: Intl.DateTimeFormat;
  date: Intl.DateTimeFormat;
  integer: Intl.NumberFormat;
  percent: Intl.NumberFormat;
  money: Map<string, Intl.NumberFormat>;
}

const byLanguage = new Map<AppLanguage, Formats>();

function formats(): Formats {
  const language = currentLanguage();
  let found = byLanguage.get(language);
  if (!found) {
    const locale = LOCALES[language];
    found = {
      dateTime: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: TIME_ZONE }),
      date: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: TIME_ZONE }),
      integer: new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }),
      percent: new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }),
      money: new Map(),
    };
    byLanguage.set(language, found);
  }
  return found;
}

export function formatDateTime(iso: string | null | undefined, empty = '—'): string {
  return iso ? formats().dateTime.format(new Date(iso)) : empty;
}

export function formatDate(iso: string | null | undefined, empty = '—'): string {
  return iso ? formats().date.format(new Date(iso)) : empty;
}

export function formatCount(n: number): string {
  return formats().integer.format(n);
}

/** A decimal string from the server ("1210.50") as money; the string is never parsed into a float for arithmetic. */
export function formatMoney(amount: string, currency = 'CZK'): string {
  const { money } = formats();
  let format = money.get(currency);
  if (!format) {
    format = new Intl.NumberFormat(LOCALES[currentLanguage()], {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
    });
    money.set(currency, format);
  }
  return format.format(Number(amount));
}

const day = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  timeZone: TIME_ZONE,
});

/** The Czech calendar day of an instant as YYYY-MM-DD: what a date input shows and the API takes. */
export function pragueDay(iso: string | Date): string {
  return day.format(typeof iso === 'string' ? new Date(iso) : iso);
}

/** A VAT rate from the server ("21") as a percentage: "21 %" in Czech, "21%" in English. */
export function formatRate(rate: string): string {
  return formats().percent.format(Number(rate) / 100);
}
