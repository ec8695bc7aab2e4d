/** Amounts and dates the Czech way, in Prague time, whatever the browser's locale. */
const LOCALE = 'cs-CZ';
const TIME_ZONE = 'Europe/Prague';

const dateTime = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'short', timeZone: TIME_ZONE });
const date = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeZone: TIME_ZONE });
const integer = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });

export function formatDateTime(iso: string | null | undefined, empty = '—'): string {
  return iso ? dateTime.format(new Date(iso)) : empty;
}

export function formatDate(iso: string | null | undefined, empty = '—'): string {
  return iso ? date.format(new Date(iso)) : empty;
}

export function formatCount(n: number): string {
  return integer.format(n);
}

/** A decimal string from the server ("1210.50") as Czech money; the string is never parsed into a float for arithmetic. */
export function formatMoney(amount: string, currency = 'CZK'): string {
  return new Intl.NumberFormat(LOCALE, { style: 'currency', currency, minimumFractionDigits: 2 }).format(Number(amount));
}
