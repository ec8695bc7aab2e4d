import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';

dayjs.extend(utc);
dayjs.extend(timezone);

export const CZ_TZ = 'Europe/Prague';

/** The only source of time for business rules. */
export interface Clock {
  now(): Date;
}

export class SystemClock implements Clock {
  now(): Date {
    return new Date();
  }
}

/** Real time shifted by an offset that the test controls move. Time keeps flowing. */
export class AdjustableClock implements Clock {
  private offsetMs = 0;

  /** `startAt`: the instant the clock shows now (tests start at a fixed one, whatever the wall clock). */
  constructor(startAt?: Date) {
    if (startAt) this.set(startAt);
  }

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  set(now: Date): void {
    this.offsetMs = now.getTime() - Date.now();
  }

  advance(seconds: number): void {
    this.offsetMs += seconds * 1000;
  }
}

/**
 * One formatter for every call: dayjs's tz() formats through toLocaleString, which builds a new
 * Intl.DateTimeFormat each time (1–3 ms a call on the loaded 2-core build machine); the control
 * statement takes the date of each of its rows (issue 31 point 3).
 */
const PRAGUE_DAY = new Intl.DateTimeFormat('en-US', {
  timeZone: CZ_TZ,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Czech calendar date (YYYY-MM-DD) of an instant. */
export function czechDate(at: Date): string {
  // Some raw statements' timestamps arrive as the driver's text (MikroORM's connection keeps timestamptz as text): parsed as dayjs parsed them.
  const parts = PRAGUE_DAY.formatToParts(at instanceof Date ? at : dayjs(at).toDate());
  const of = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value;
  return `${of('year').padStart(4, '0')}-${of('month')}-${of('day')}`;
}

/** Unix seconds of the next 1st of the month, 00:00 UTC. */
export function nextUtcMonthStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
}

/** First day of the UTC month of `at`, as YYYY-MM-01. */
export function utcMonthKey(at: Date): string {
  return `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}-01`;
}

export { dayjs };
