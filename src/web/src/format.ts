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
  return new Intl.NumberFormat(LOCALE, { style: 'currency', currency, minimumFractionDigits: 2 }).format(
    Number(amount),
  );
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

/** A VAT rate from the server ("21") as "21 %". */
export function formatRate(rate: string): string {
  return `${new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 2 }).format(Number(rate))} %`;
}
