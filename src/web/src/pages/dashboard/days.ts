import { pragueDay } from '../../format';

/** Calendar arithmetic on Czech days (YYYY-MM-DD), through UTC so no time zone or DST shifts a day. */
function utc(day: string): number {
  const [y, m, d] = day.split('-').map(Number);
  return Date.UTC(y, m - 1, d);
}

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function today(): string {
  return pragueDay(new Date());
}

export function addDays(day: string, n: number): string {
  return iso(utc(day) + n * 86_400_000);
}

/** Whole days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utc(to) - utc(from)) / 86_400_000);
}

/** The first and last day of the month holding `day`, moved by `months`. */
export function monthOf(day: string, months = 0): { from: string; to: string; month: string } {
  const [y, m] = day.split('-').map(Number);
  const first = Date.UTC(y, m - 1 + months, 1);
  const last = Date.UTC(y, m + months, 0);
  return { from: iso(first), to: iso(last), month: iso(first).slice(0, 7) };
}
